/**
 * Helper of `npm run bench:api`, run as its own process so the load generator does not share its
 * event loop. `prepare <dir>`: migrates and seeds a SQLite database in <dir> (1,000 users and a
 * signed-in administrator), prints one JSON line {token, apiKey} and ends; Atrium itself is then
 * started on copies of <dir> by its real entry (server/main.ts under tsx, dist-server/main.js
 * under node). `minimal <dir>`: a bare Fastify route doing what GET /users/me does (verify the
 * JWT, read the session row, read the user row, answer JSON) and a list route (the same check,
 * then 10 users and a count) on that database; prints one JSON line {port} when listening.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { createAccessTokens } from '../server/services/security/access-tokens';

const [mode, dataDir] = process.argv.slice(2);
if ((mode !== 'prepare' && mode !== 'minimal') || !dataDir)
  throw new Error('usage: bench-api-server.ts prepare|minimal <data dir>');
// A normal exit, so that `node --cpu-prof` writes its profile.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => process.exit(0));

// The environment bench-api.ts also starts Atrium with (administrator, rate limits, log level).
const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
const tokens = createAccessTokens(config.jwtSecret as string);

async function prepare() {
  const database = createDatabase(config);
  await migrateToLatest(database);
  await seed(database, config);
  const now = new Date().toISOString();
  await database.db
    .insertInto('users')
    .values(
      Array.from({ length: 1000 }, (_, i) => ({
        username: `bench.user${i}`,
        email: `bench.user${i}@bench.test`,
        first_name: 'Bench',
        last_name: `User${i}`,
        password_hash: '!bench',
        status: 'active' as const,
        is_verified: 1,
        is_defaultadmin: 0,
        failed_logins: 0,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  const admin = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', config.adminEmail)
    .executeTakeFirstOrThrow();
  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + 3600_000);
  await database.db
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: admin.id,
      created_at: now,
      expires_at: expiresAt.toISOString(),
      revoked_at: null,
      user_agent: null,
    })
    .execute();
  const token = await tokens.sign({ sessionId, userId: admin.id, expiresAt });
  await database.close();
  process.stdout.write(`${JSON.stringify({ token, apiKey: config.apiKey })}\n`);
}

async function minimal() {
  const sqlite = new Database(join(dataDir, 'atrium.db'), { readonly: true });
  const sessionRow = sqlite.prepare('select * from sessions where id = ?');
  const userRow = sqlite.prepare('select * from users where id = ?');
  const page = sqlite.prepare(
    'select id, username, email, first_name, last_name, status from users order by id limit 10',
  );
  const count = sqlite.prepare('select count(*) as n from users');
  const app = Fastify();
  const check = async (authorization: string | undefined) => {
    const claims = await tokens.verify((authorization ?? '').replace(/^Bearer /, ''));
    const session = claims && (sessionRow.get(claims.sessionId) as { user_id: number } | undefined);
    if (!claims || !session || session.user_id !== claims.userId) throw new Error('unauthorized');
    return claims;
  };
  app.get('/api/users/me', async (request) => {
    const claims = await check(request.headers.authorization);
    const user = userRow.get(claims.userId) as Record<string, unknown>;
    return { id: user.id, username: user.username, email: user.email, first_name: user.first_name };
  });
  app.get('/api/users', async (request) => {
    await check(request.headers.authorization);
    return { items: page.all(), total: (count.get() as { n: number }).n, page: 1, size: 10 };
  });
  return app;
}

if (mode === 'prepare') await prepare();
else {
  const app = await minimal();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ port })}\n`);
}
