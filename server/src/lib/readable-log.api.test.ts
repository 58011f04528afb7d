import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server-test/app.ts';

/** LOG_FORMAT=readable (a terminal's default): one line a person reads per request and event (issue 30). */

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ readableLog: true, logStream: { write: (line) => lines.push(line) } });
});
afterAll(() => t.close());

it('writes one readable line per request: method, URL, status and time, not JSON', async () => {
  lines.length = 0;
  await t.app.inject({ url: '/api/v1/health' });
  await t.app.inject({ url: '/api/v1/no-such-route' });

  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/v1\/health 200 \d+ ms\n$/);
  expect(lines[1]).toMatch(/INFO: GET \/api\/v1\/no-such-route 404 \d+ ms\n$/);
});

it('redacts a token in the URL and keeps an event on one line', async () => {
  lines.length = 0;
  await t.app.inject({ url: '/reset-password?token=PROBE123&from=email' });
  t.app.log.warn({ detail: { nested: 'value' } }, 'something to see');

  expect(lines.join('')).not.toContain('PROBE123');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/WARN: something to see \{"detail":\{"nested":"value"\}\}\n$/);
});
