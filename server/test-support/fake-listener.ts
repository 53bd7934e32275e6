/**
 * A TCP listener on loopback that records whoever connects and what they send, for the tests of
 * where a database source's connection and password may go:
 * - `silent` accepts and never answers (a filtered port);
 * - `banner` greets like another service (an SSH server) and hangs up;
 * - `pg-cleartext` plays a PostgreSQL server that asks for the password in clear, as a fake
 *   server would to collect it.
 */
import { createServer, type Socket } from 'node:net';

export type ListenerBehaviour = 'silent' | 'banner' | 'pg-cleartext';

export interface FakeListener {
  port: number;
  /** Connections accepted so far. */
  connections: () => number;
  /** Every byte received, all connections together. */
  received: () => Buffer;
  close: () => Promise<void>;
}

/** AuthenticationCleartextPassword: 'R', length 8, code 3. */
const CLEARTEXT_REQUEST = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]);

export async function startFakeListener(behaviour: ListenerBehaviour): Promise<FakeListener> {
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let asked = false;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (behaviour !== 'pg-cleartext') return;
      // The startup message, then the password it asked for: then the fake has what it wanted.
      if (asked) socket.end();
      else socket.write(CLEARTEXT_REQUEST);
      asked = true;
    });
    if (behaviour === 'banner') socket.end('SSH-2.0-OpenSSH_9.6p1 Debian-4\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    connections: () => connections,
    received: () => Buffer.concat(chunks),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
