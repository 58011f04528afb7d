import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config/env.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createTestDatabase } from './database.ts';

export interface ListeningApp {
  app: FastifyInstance;
  port: number;
  /** Every log line the app wrote, parsed. */
  logs: Array<{ level: number; msg?: string }>;
  close(): Promise<void>;
}

/**
 * The real app listening on a random local port, for what only a real socket
 * shows (timeouts, parser errors, connection limits). `env` sets the
 * configuration the way the environment would, e.g. short timeouts.
 */
export async function startListeningApp(
  env: Record<string, string> = {},
  database?: DatabaseHandle,
): Promise<ListeningApp> {
  const ownDatabase = database ? undefined : await createTestDatabase();
  const logs: ListeningApp['logs'] = [];
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug', ...env }),
    database: database ?? (ownDatabase as DatabaseHandle),
    logStream: { write: (line) => logs.push(JSON.parse(line)) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    app,
    port,
    logs,
    close: async () => {
      const closing = app.close();
      // A connection a test left open (or one the app failed to time out) must not hold the close up.
      app.server.closeAllConnections();
      await closing;
      await ownDatabase?.close();
    },
  };
}

/** A raw TCP connection to the app that records what it receives and when it is closed. */
export interface RawConnection {
  socket: Socket;
  /** Everything received so far. */
  received(): string;
  /** Resolves when the server (or the network) closes the connection. */
  closed: Promise<void>;
  isClosed(): boolean;
}

/** `from` is the client's own address: any of 127.0.0.0/8 reaches the app, as another client would. */
export async function openRaw(port: number, from?: string): Promise<RawConnection> {
  const socket = connect({ port, host: '127.0.0.1', ...(from && { localAddress: from }) });
  let data = '';
  let closed = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    data += chunk;
  });
  // A reset from the server is one way of closing; the test looks at `received`.
  socket.on('error', () => {});
  const closedPromise = new Promise<void>((resolve) =>
    socket.once('close', () => {
      closed = true;
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => data, closed: closedPromise, isClosed: () => closed };
}

/** Sends bytes on a new connection and waits until the server closes it; returns what came back. */
export async function sendRaw(port: number, bytes: string): Promise<string> {
  const connection = await openRaw(port);
  connection.socket.write(bytes);
  await connection.closed;
  return connection.received();
}

/** The status and JSON body of the first response in raw HTTP/1.1 text. */
export function parseRawResponse(raw: string): { status: number; body: unknown } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]);
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return { status, body: JSON.parse(body) };
}
