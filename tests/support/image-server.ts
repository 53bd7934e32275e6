/**
 * A remote image host on loopback that counts the requests it gets: the proof that a mail's
 * remote image stays unrequested until the reader allows it. HTTPS, because the console's CSP
 * admits remote images over https: only; the certificate is a throw-away self-signed one made
 * with openssl (dovecot-core, which the e-mail tests need anyway, depends on it), so the page
 * that shows the mail runs in a context with `ignoreHTTPSErrors`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A 1×1 transparent PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export interface ImageServer {
  /** The address of an image on it. */
  url: (name: string) => string;
  /** The paths requested so far. */
  requests: string[];
  stop: () => Promise<void>;
}

export async function startImageServer(): Promise<ImageServer> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-images-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
      ...['-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert],
    ],
    { stdio: 'ignore' },
  );
  const requests: string[] = [];
  const server = createServer(
    { key: readFileSync(key), cert: readFileSync(cert) },
    (request, response) => {
      requests.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
      response.end(PIXEL);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name) => `https://127.0.0.1:${port}/${name}`,
    requests,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
