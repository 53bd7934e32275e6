/**
 * A TCP listener that records every byte it receives: the "attacker's host" of the mailbox and
 * database-source tests, or a port that is not the server it is taken for. Its kinds:
 * - 'imap' / 'smtp': greets like a mail server and answers just enough for a client to send its
 *   login (which it refuses), so a password sent there would be in `received()`;
 * - 'silent': accepts and never says a word;
 * - 'ssh': greets with an SSH banner, as a port running another service does;
 * - 'http': says nothing until it is spoken to, then answers 400 and closes;
 * - 'pg-cleartext': plays a PostgreSQL server that asks for the password in clear, as a fake
 *   server would to collect it.
 */
import { createServer, type Socket } from 'node:net';

export type ListenerKind = 'imap' | 'smtp' | 'silent' | 'ssh' | 'http' | 'pg-cleartext';

export interface RecordingListener {
  host: string;
  port: number;
  /** Connections accepted so far. */
  connections: () => number;
  /** Everything received, over all connections, as latin1 text. */
  received: () => string;
  close: () => Promise<void>;
}

export const SSH_BANNER = 'SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3';

/** AuthenticationCleartextPassword: 'R', length 8, code 3. */
const CLEARTEXT_REQUEST = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]);

function imap(socket: Socket, line: string) {
  const [tag, command = ''] = line.split(' ');
  if (/^login$|^authenticate$/i.test(command))
    socket.write(`${tag} NO [AUTHENTICATIONFAILED] Authentication failed.\r\n`);
  else if (/^logout$/i.test(command)) socket.end(`* BYE\r\n${tag} OK LOGOUT completed\r\n`);
  else socket.write(`${tag} OK done\r\n`);
}

function smtp(socket: Socket, line: string) {
  if (/^(ehlo|helo) /i.test(line)) socket.write('250-fake.test\r\n250 AUTH PLAIN LOGIN\r\n');
  else if (/^auth /i.test(line)) socket.write('535 5.7.8 Authentication failed\r\n');
  else if (/^quit/i.test(line)) socket.end('221 Bye\r\n');
  else socket.write('250 OK\r\n');
}

export function startRecordingListener(
  kind: ListenerKind,
  host = '127.0.0.1',
): Promise<RecordingListener> {
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (kind === 'imap') socket.write('* OK [CAPABILITY IMAP4rev1] Fake ready.\r\n');
    if (kind === 'smtp') socket.write('220 fake.test ESMTP ready\r\n');
    if (kind === 'ssh') socket.write(`${SSH_BANNER}\r\n`);
    let pending = '';
    let asked = false;
    socket.on('data', (data: Buffer) => {
      chunks.push(data);
      if (kind === 'pg-cleartext') {
        // The startup message, then the password it asked for: then the fake has what it wanted.
        if (asked) socket.end();
        else socket.write(CLEARTEXT_REQUEST);
        asked = true;
        return;
      }
      if (kind === 'http') {
        socket.end('HTTP/1.1 400 Bad Request\r\nServer: nginx\r\nConnection: close\r\n\r\n');
        return;
      }
      if (kind !== 'imap' && kind !== 'smtp') return;
      pending += data.toString('latin1');
      let end: number;
      while ((end = pending.indexOf('\r\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (kind === 'imap') imap(socket, line);
        else smtp(socket, line);
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        host,
        port,
        connections: () => connections,
        received: () => Buffer.concat(chunks).toString('latin1'),
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Whether `text` carries the password, in clear or as SMTP/IMAP AUTH would encode it. */
export function carriesPassword(text: string, username: string, password: string): boolean {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  return [password, b64(password), b64(`\0${username}\0${password}`)].some((form) =>
    text.includes(form),
  );
}
