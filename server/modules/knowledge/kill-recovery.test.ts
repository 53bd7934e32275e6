/**
 * The real server process, killed with SIGKILL while ingestion jobs are queued and running,
 * then started again on the same data directory: every document must end ready or failed, with
 * no job stuck and no chunk twice.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database';
import { multipart } from '../../test-support/knowledge';
import { writePdf } from '../../test-support/knowledge-fixtures';

const API_KEY = 'kill-test-key-123';
const ADMIN = { email: 'admin@kill.test', password: 'Admin-Pass-123' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('ingestion after kill -9', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-kill-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function startServer(port: number): Promise<ChildProcess> {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        API_KEY,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        STATIC_DIR: join(dataDir, 'no-build'),
        LOG_LEVEL: 'warn',
        INGEST_CONCURRENCY: '2',
        INGEST_STALE_SECONDS: '2',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // Generous: tsx compiles the server at start, and CI shares two cores.
    const deadline = Date.now() + 90_000;
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`, {
          headers: { 'x-api-key': API_KEY },
        });
        if (res.status < 500) return proc;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline || proc.exitCode !== null) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('when the server is killed mid-ingestion and started again, then every document ends ready or failed, without duplicate chunks', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;
    child = await startServer(port);
    const login = await fetch(`${base}/users/login`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const headers = { 'x-api-key': API_KEY, authorization: `Bearer ${token}` };

    const files = Array.from({ length: 4 }, (_, i) => {
      const path = join(dataDir, `big${i}.pdf`);
      writePdf(path, 40, `kiwi${i}`, 20);
      return { name: `big${i}.pdf`, content: readFileSync(path), type: 'application/pdf' };
    });
    const body = multipart({ department_id: '1' }, files);
    const upload = await fetch(`${base}/upload/docs`, {
      method: 'POST',
      headers: { ...headers, ...body.headers },
      body: body.body,
    });
    expect(upload.status).toBe(200);

    // Kill as soon as a job is running.
    const database = createDatabase({ dataDir });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const running = await database.db
        .selectFrom('ingestion_jobs')
        .select('id')
        .where('state', '=', 'running')
        .execute();
      if (running.length > 0) break;
      if (Date.now() > deadline) throw new Error('no job started');
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGKILL');
    await new Promise((r) => child?.once('exit', r));
    const states = await database.db.selectFrom('ingestion_jobs').select('state').execute();
    expect(states.some((s) => s.state === 'running' || s.state === 'queued')).toBe(true);

    child = await startServer(port);
    const until = Date.now() + 120_000;
    let documents: { id: number; status: string; chunk_count: number }[] = [];
    for (;;) {
      documents = await database.db
        .selectFrom('documents')
        .select(['id', 'status', 'chunk_count'])
        .execute();
      if (documents.every((d) => d.status === 'ready' || d.status === 'failed')) break;
      if (Date.now() > until) throw new Error(`stuck: ${JSON.stringify(documents)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(documents).toHaveLength(4);
    expect(documents.every((d) => d.status === 'ready')).toBe(true);
    const jobs = await database.db.selectFrom('ingestion_jobs').select('state').execute();
    expect(jobs.every((j) => j.state === 'done' || j.state === 'failed')).toBe(true);
    const chunks = await database.db
      .selectFrom('chunks')
      .select(['document_id', 'ordinal'])
      .execute();
    const keys = chunks.map((c) => `${c.document_id}:${c.ordinal}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const doc of documents)
      expect(chunks.filter((c) => c.document_id === doc.id)).toHaveLength(doc.chunk_count);
    await database.close();
  }, 400_000);
});
