/**
 * A first start as the README allows it: another PORT, no PUBLIC_URL. The real entry point
 * (server/main.ts) runs, so the start log and the mailed links are the ones an administrator sees.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, waitForHealth } from '../tests/support/server';
import { readOutbox } from './test-support/outbox';

const API_KEY = 'first-start-key';
const ADMIN = 'admin@first-start.test';

describe('a first start on another port without PUBLIC_URL', () => {
  let server: ChildProcess;
  let port: number;
  let output = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-first-start-'));

  beforeAll(async () => {
    port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        // HOST as shipped (every interface) and PUBLIC_URL unset, as in a copied .env.example.
        HOST: '',
        PUBLIC_URL: '',
        CONSOLE_ORIGINS: '',
        SMTP_URL: '',
        WEB_CONCURRENCY: '1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        STATIC_DIR: join(dataDir, 'no-build'),
        API_KEY,
        ADMIN_EMAIL: ADMIN,
        ADMIN_PASSWORD: 'Admin-Pass-123',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, API_KEY, server);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${output}`);
    }
  }, 90_000);

  afterAll(async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when the server has started, then its log names the address mailed links use and that it was derived', () => {
    expect(output).toContain(
      `Atrium is listening; mailed links point at http://localhost:${port} (derived from HOST and PORT`,
    );
    expect(output).not.toContain('localhost:8080');
  });

  it('when the administrator asks for a password reset, then the mailed link opens on the port the server listens on', async () => {
    const res = await fetch(
      `http://127.0.0.1:${port}/api/users/forgot-password/${encodeURIComponent(ADMIN)}`,
      { method: 'POST', headers: { 'x-api-key': API_KEY } },
    );
    expect(res.status).toBe(200);
    // The mail is written after the answer (so a known address is not slower): wait for it.
    let mail = readOutbox(dataDir).find((m) => m.to.includes(ADMIN));
    for (let tries = 0; !mail && tries < 100; tries += 1) {
      await new Promise((r) => setTimeout(r, 100));
      mail = readOutbox(dataDir).find((m) => m.to.includes(ADMIN));
    }
    const link = mail?.links.find((l) => l.includes('/reset-password?token='));
    expect(link).toMatch(new RegExp(`^http://localhost:${port}/reset-password\\?token=`));

    // The link is alive: its token checks out at the link's own address.
    const token = new URL(link ?? '').searchParams.get('token') ?? '';
    const check = await fetch(`http://localhost:${port}/api/verify/reset/${token}`, {
      headers: { 'x-api-key': API_KEY },
    });
    expect(check.status).toBe(200);
    expect(((await check.json()) as { email: string }).email).toBe(ADMIN);
  });
});
