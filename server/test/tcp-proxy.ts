import { connect, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** The target goes away: open connections are cut and new ones refused. */
  cut(): Promise<void>;
  /** The target is back, on the same port (if it was cut). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a server (a database), so a test can take the
 * server away and bring it back without touching the real one.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A cut connection errors on both sides; the proxy has nothing to say about it.
    socket.on('error', () => {});
  };
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });

  await listen(0);
  const { port } = server.address() as { port: number };
  return {
    port,
    cut: stop,
    restore: async () => {
      if (!server.listening) await listen(port);
    },
    close: async () => {
      if (server.listening) await stop();
    },
  };
}
