/**
 * One record of every kind a screen of the console shows, created over the API as an
 * administrator would (a department, a role, a user, a knowledge document, an SOP with a
 * checklist, a chat widget, a helpdesk, a mailbox, a database source), so that every screen
 * with an `:id` opens a real one.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { idsOf } from '../../contract/permissions';
import { seaShipment } from '../../server/test-support/sop';
import { sopPdf } from '../../server/test-support/sop-fixture';
import { apiLogin } from './accounts';
import { api, type RunningServer } from './server';
import { uploadReady } from './uploads';

export interface SceneRecords {
  departmentId: number;
  roleId: number;
  userId: number;
  sopId: number;
  checklistId: number;
  widgetKey: string;
  helpdeskId: number;
  mailboxId: number;
  databaseId: number;
}

/** What `startServer` needs for the scene: a directory SQLite sources may be read from. */
export function sceneEnv(): Record<string, string> {
  return {
    DB_SOURCE_SQLITE_DIR: mkdtempSync(join(tmpdir(), 'atrium-screens-')),
    INTEGRATION_HOSTS_ALLOW: '127.0.0.1',
  };
}

const idOf = (res: { status: number; body: unknown }, what: string): number => {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  const body = res.body as { id?: number; role_id?: number; items?: { id: number }[] };
  return body.id ?? body.role_id ?? body.items?.[0]?.id ?? 0;
};

async function multipart(
  server: RunningServer,
  token: string,
  path: string,
  fields: Record<string, string>,
  files: { field: string; name: string; type: string; bytes: Buffer }[],
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files)
    form.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const res = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { 'x-api-key': server.apiKey, authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

export async function createSceneRecords(
  server: RunningServer,
  sqliteDir: string,
): Promise<SceneRecords> {
  const token = await apiLogin(server, server.admin.email, server.admin.password);
  const post = (path: string, body: unknown) => api(server, 'POST', path, { token, body });

  const departmentId = idOf(
    await post('/departments', { name: 'Harbour operations', description: 'Quay and customs' }),
    'department',
  );
  const roleId = idOf(
    await post('/roles', {
      name: 'Quay supervisor',
      department_id: 1,
      permission_set: idsOf('Users.LIST_VIEW', 'Documents.LIST_VIEW'),
    }),
    'role',
  );
  const userId = idOf(
    await post('/users', {
      username: 'ana.lima',
      first_name: 'Ana',
      last_name: 'Lima',
      email: 'ana.lima@example.test',
      assignments: [{ department_id: 1, role_id: roleId }],
    }),
    'user',
  );
  await uploadReady(server, token, {
    name: 'berth-rules.csv',
    type: 'text/csv',
    bytes: Buffer.from('topic,rule\nberths,"Vessels over 200 m moor at berth 4."\n'),
  });

  const client = await api(server, 'POST', '/sop/clients/Acme', { token });
  const clientId = idOf(client, 'SOP client');
  const sopId = idOf(
    await multipart(
      server,
      token,
      '/sop/documents',
      {
        department_id: '1',
        client_id: String(clientId),
        industry: 'Retail',
        product_type: 'Textiles',
      },
      [{ field: 'files', name: 'export-sop.pdf', type: 'application/pdf', bytes: sopPdf() }],
    ),
    'SOP',
  );
  const checklistId = idOf(await post('/sop/checklists', seaShipment(sopId)), 'checklist');

  const widget = await post('/service-agent', {
    client_name: 'Harbour shop',
    target_areas: [1],
    allowed_hosts: [new URL(server.url).host],
    welcome_message: 'Welcome to the harbour shop.',
  });
  idOf(widget, 'widget');
  const widgetKey = (widget.body as { client_id: string }).client_id;

  // Switched off: an active helpdesk would send /helpdesk on to its site, out of the console.
  const helpdeskId = idOf(
    await post('/helpdesk', {
      name: 'Harbour desk',
      site_url: 'https://helpdesk.example.test',
      departments: [1],
      status: false,
    }),
    'helpdesk',
  );
  // Switched off, so that nothing tries to reach its (absent) mail servers.
  const mailboxId = idOf(
    await post('/email-agent', {
      email: 'desk@example.test',
      title: 'Support desk',
      department_id: 1,
      imap_host: '127.0.0.1',
      imap_port: 1143,
      imap_tls: 'none',
      smtp_host: '127.0.0.1',
      smtp_port: 1025,
      smtp_tls: 'none',
      username: 'desk@example.test',
      password: 'desk-secret',
      status: false,
    }),
    'mailbox',
  );

  const file = join(mkdtempSync(join(sqliteDir, 'source-')), 'shipments.db');
  const db = new Database(file);
  db.exec('CREATE TABLE shipments (id integer primary key, region text, weight integer)');
  db.exec("INSERT INTO shipments VALUES (1, 'North', 12), (2, 'South', 30)");
  db.close();
  const databaseId = idOf(
    await post('/integrations/db-source', {
      name: 'Shipments file',
      db_type: 'sqlite',
      database: file,
      department_id: 1,
    }),
    'database source',
  );
  return {
    departmentId,
    roleId,
    userId,
    sopId,
    checklistId,
    widgetKey,
    helpdeskId,
    mailboxId,
    databaseId,
  };
}
