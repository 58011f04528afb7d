import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FailureEnvelopeSchema } from '#contract';
import {
  type ListeningApp,
  openRaw,
  parseRawResponse,
  sendRaw,
  startListeningApp,
} from '#server-test/listening.ts';

// What Node's HTTP parser refuses never reaches a route: these go over a real socket.
let server: ListeningApp;
beforeAll(async () => {
  server = await startListeningApp();
});
afterAll(() => server.close());

function expectEnvelope(raw: string, status: number, message: string) {
  const response = parseRawResponse(raw);
  expect(response.status, raw).toBe(status);
  expect(FailureEnvelopeSchema.parse(response.body)).toEqual({ success: false, message });
}

describe('HTTP parser errors (D2: every answer is the envelope)', () => {
  it('answers headers over the size limit with 431', async () => {
    const raw = await sendRaw(
      server.port,
      `GET /api/v1/health HTTP/1.1\r\nHost: shop\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectEnvelope(raw, 431, "The request's headers are too large");
  });

  it('answers a Content-Length that is not a number with 400', async () => {
    const raw = await sendRaw(
      server.port,
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: shop\r\nContent-Length: ten\r\n\r\n',
    );
    expectEnvelope(raw, 400, 'The request is not valid HTTP');
  });

  it('answers both Content-Length and Transfer-Encoding (request smuggling) with 400', async () => {
    const raw = await sendRaw(
      server.port,
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: shop\r\nContent-Length: 4\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    );
    expectEnvelope(raw, 400, 'The request is not valid HTTP');
  });

  it('serves a request, then answers garbage pipelined on the same connection with 400', async () => {
    const connection = await openRaw(server.port);
    connection.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: shop\r\n\r\n');
    await expect.poll(() => connection.received()).toMatch(/"success":true.*\}$/s);
    const first = connection.received();
    expect(parseRawResponse(first).status).toBe(200);

    connection.socket.write('\u0001\u0002 not HTTP at all\r\n\r\n');
    await connection.closed;
    expectEnvelope(connection.received().slice(first.length), 400, 'The request is not valid HTTP');
  });

  it('logs none of them as a server error', () => {
    expect(server.logs.filter((line) => line.level >= 50)).toEqual([]);
    expect(server.logs.some((line) => line.msg === 'client error')).toBe(true);
  });
});
