/**
 * The server as production runs it: node on the compiled dist-server/, whose files sit elsewhere
 * than the sources they came from. What it reads at run time by a path relative to its own code
 * must still be found: the locale files (translated words of an export), the extraction child
 * process (a PDF upload becomes ready), the packages in node_modules. And `npm start`, the first
 * process a process manager signals, stops the server and ends with it on SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPdf } from '../server/test-support/fixtures/pdf-writer';
import { apiLogin } from './support/accounts';
import { freePort, startServer, waitForHealth, type RunningServer } from './support/server';
import { uploadReady } from './support/uploads';

describe('the compiled server', () => {
  let server: RunningServer;
  let token: string;

  beforeAll(async () => {
    server = await startServer();
    token = await apiLogin(server, server.admin.email, server.admin.password);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('when it runs from dist-server/, then it answers, speaks German in an export and extracts an upload in its child process', async () => {
    const health = await fetch(`${server.url}/api/health`, {
      headers: { 'x-api-key': server.apiKey },
    });
    expect(await health.json()).toMatchObject({ status: 'ok' });

    const csv = await fetch(
      `${server.url}/api/reports/analytics/export/?export_format=csv&lng=de`,
      { headers: { 'x-api-key': server.apiKey, authorization: `Bearer ${token}` } },
    );
    expect(csv.status).toBe(200);
    const text = await csv.text();
    // public/locales/de/reports.json's words, not the English fallback nor the bare keys.
    expect(text).toContain('Gesprächsanalyse');
    expect(text).not.toContain('analyticsTitle');

    await uploadReady(server, token, {
      name: 'compiled-handbook.pdf',
      type: 'application/pdf',
      bytes: buildPdf([{ lines: ['Staff handbook', 'Holidays are booked through the portal.'] }]),
    });
  });
});

describe('npm start', () => {
  const dirs: string[] = [];
  let npm: ChildProcess | undefined;

  afterAll(() => {
    // Its whole process group: a server left behind by a failed stop is killed too.
    try {
      if (npm?.pid) process.kill(-npm.pid, 'SIGKILL');
    } catch {
      // nothing left
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('when a process manager sends SIGTERM to npm, then the server stops and npm ends with it', async () => {
    const temp = (prefix: string) => {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    };
    // A build newer than every source, so that `npm start` goes straight to the server.
    const staticDir = temp('atrium-start-spa-');
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Atrium</title>');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const apiKey = 'start-api-key';
    npm = spawn('npm', ['start'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: temp('atrium-start-data-'),
        DATABASE_URL: '',
        STATIC_DIR: staticDir,
        API_KEY: apiKey,
        ADMIN_EMAIL: 'admin@start.test',
        ADMIN_PASSWORD: 'Admin-Pass-123',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    npm.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    npm.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    await waitForHealth(url, apiKey, npm).catch((e: Error) => {
      throw new Error(`${e.message}\n${output}`);
    });

    const ended = new Promise<number | null>((resolve) => npm?.once('exit', resolve));
    npm.kill('SIGTERM');
    const code = await Promise.race([
      ended,
      new Promise((r) => setTimeout(() => r('running'), 20_000)),
    ]);
    expect(code, output).toBe(0);
    // Nothing is left listening: the server ended too, it was not left behind as an orphan.
    await expect(
      fetch(`${url}/api/health`, { headers: { 'x-api-key': apiKey } }),
    ).rejects.toThrow();
  });
});
