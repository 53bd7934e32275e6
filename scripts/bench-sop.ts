/**
 * `npm run bench:sop`, on the real app (buildApp on a temporary database, calls
 * through app.inject, so no network is counted): SQLite always, PostgreSQL too when
 * TEST_DATABASE_URL is set.
 * - generation: a 200-page SOP (12 requirements a page, modes mixed) uploaded, then a sea
 *   checklist generated from it by the built-in extractor (median and max of 5);
 * - the checklist list's p50/p95 with 100,000 checklists, by the default page, each filter and
 *   a department-scoped reader;
 * - export of a 500-item checklist as pdf, csv and xlsx (median of 3).
 * Targets: generation < 3 s without an LLM, list p95 < 50 ms. It prints; it does not fail.
 */
import { performance } from 'node:perf_hooks';
import { nowIso } from '../server/db/database';
import { personWith } from '../server/test-support/identity';
import { addClient, seaShipment, uploadSop } from '../server/test-support/sop';
import { longSopPdf } from '../server/test-support/sop-fixture';
import {
  startTestApp,
  TEST_ADMIN,
  testDatabases,
  type TestApp,
} from '../server/test-support/test-app';

const CHECKLISTS = 100_000;
const RUNS = 100;

const ms = (n: number) => `${n.toFixed(1)} ms`;
function quantile(values: number[], q: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

function item(n: number) {
  return {
    id: `i${n + 1}`,
    section: `${Math.floor(n / 25) + 1}. Section ${Math.floor(n / 25) + 1}`,
    text: `The operator must check requirement ${n + 1} of the shipment file before loading.`,
    page: Math.floor(n / 25) + 1,
    source: `The operator must check requirement ${n + 1} of the shipment file before loading.`,
    modes: [],
    countries: [],
    done: n % 3 === 0,
    not_applicable: n % 7 === 0 && n % 3 !== 0,
    note: n % 5 === 0 ? 'Checked at gate 4' : '',
    owner: n % 2 === 0 ? 'Ana' : 'Bo',
    due_date: '2026-12-10',
  };
}

async function seedChecklists(t: TestApp, sopId: number) {
  const modes = ['air', 'sea', 'road', 'rail'];
  const statuses = ['draft', 'in_progress', 'complete'];
  const countries = ['CN', 'DE', 'US', 'BR', 'FR', 'IN', 'JP', 'NL'];
  const data = JSON.stringify({ items: [item(0), item(1)], excluded: [] });
  const now = nowIso();
  const departments = [1, 2, 3, 4];
  for (const id of departments.slice(1))
    await t.database.db
      .insertInto('departments')
      .values({ name: `Bench ${id}`, description: '', created_at: now, updated_at: now })
      .onConflict((oc) => oc.doNothing())
      .execute();
  const ids = (await t.database.db.selectFrom('departments').select('id').execute()).map(
    (r) => r.id,
  );
  for (let start = 0; start < CHECKLISTS; start += 500) {
    const rows = Array.from({ length: Math.min(500, CHECKLISTS - start) }, (_, k) => {
      const n = start + k;
      const day = 1 + (n % 28);
      return {
        name: `Shipment ${n} ${countries[n % 8]} to ${countries[(n + 3) % 8]}`,
        sop_document_id: sopId,
        sop_name: 'bench-sop.pdf',
        client_name: 'Acme',
        department_id: ids[n % ids.length],
        from_location: countries[n % 8],
        to_location: countries[(n + 3) % 8],
        shipment_mode: modes[n % 4],
        start_date: `2026-${String(1 + (n % 12)).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
        end_date: `2026-${String(1 + (n % 12)).padStart(2, '0')}-${String(Math.min(28, day + 5)).padStart(2, '0')}`,
        status: statuses[n % 3],
        engine: 'builtin',
        item_count: 2,
        done_count: n % 3,
        version: 1,
        created_by: 1,
        created_at: now,
        updated_at: now,
      };
    });
    const inserted = await t.database.db
      .insertInto('sop_checklists')
      .values(rows)
      .returning('id')
      .execute();
    await t.database.db
      .insertInto('sop_checklist_data')
      .values(inserted.map((r) => ({ checklist_id: r.id, data_json: data })))
      .execute();
  }
  return ids;
}

async function bench(dialect: 'sqlite' | 'postgres') {
  console.log(`\n== ${dialect} ==`);
  const t = await startTestApp(dialect);
  try {
    const token = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const client = await addClient(t, token, 'Acme');
    const pdf = longSopPdf(200);
    const [uploadMs, up] = await timed(() =>
      uploadSop(
        t,
        token,
        {
          department_id: '1',
          client_id: String(client),
          industry: 'Retail',
          product_type: 'Textiles',
        },
        [{ name: 'bench-sop.pdf', content: pdf, type: 'application/pdf' }],
      ),
    );
    if (up.status !== 201) throw new Error(`upload answered ${up.status}: ${up.raw}`);
    const sop = up.body.items[0] as { id: number; page_count: number; requirement_count: number };
    console.log(
      `200-page SOP (${(pdf.length / 1024).toFixed(0)} KB, ${sop.page_count} pages, ${sop.requirement_count} requirements): upload with text extraction ${ms(uploadMs)}`,
    );
    const generation: number[] = [];
    let items = 0;
    for (let i = 0; i < 5; i += 1) {
      const [took, res] = await timed(() =>
        t.api('POST', '/api/sop/checklists', { token, body: seaShipment(sop.id) }),
      );
      if (res.status !== 201) throw new Error(`generate answered ${res.status}`);
      generation.push(took);
      items = res.body.items.length;
    }
    console.log(
      `generation (built-in, sea): median ${ms(quantile(generation, 0.5))}, max ${ms(Math.max(...generation))}; ${items} items kept (target < 3 s)`,
    );

    const [seedMs, departments] = await timed(() => seedChecklists(t, sop.id));
    console.log(
      `seeded ${CHECKLISTS.toLocaleString('en')} checklists in ${(seedMs / 1000).toFixed(1)} s`,
    );
    const reader = await personWith(t, departments[1], 'Sop.LIST_VIEW');
    const cases: [string, string, string][] = [
      ['default page (1, size 100)', '', token],
      ['status=complete', 'status=complete', token],
      ['shipment_mode=sea&to_location=DE', 'shipment_mode=sea&to_location=DE', token],
      ['name search', 'name=shipment%2099', token],
      ['date range', 'start_date=2026-06-01&end_date=2026-06-10', token],
      ['page 500', 'page=500', token],
      ['one department (scoped reader)', '', reader.token],
    ];
    for (const [label, query, who] of cases) {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 10; i += 1) {
        const [took, res] = await timed(() =>
          t.api('GET', `/api/sop/checklists?${query}`, { token: who }),
        );
        if (res.status !== 200) throw new Error(`${label} answered ${res.status}`);
        if (i >= 10) times.push(took);
      }
      console.log(
        `list ${label.padEnd(34)} p50 ${ms(quantile(times, 0.5))}  p95 ${ms(quantile(times, 0.95))}`,
      );
    }

    const big = { items: Array.from({ length: 500 }, (_, n) => item(n)), excluded: [] };
    const now = nowIso();
    const { id } = await t.database.db
      .insertInto('sop_checklists')
      .values({
        name: 'Five hundred items',
        sop_document_id: sop.id,
        sop_name: 'bench-sop.pdf',
        client_name: 'Acme',
        department_id: 1,
        from_location: 'CN',
        to_location: 'DE',
        shipment_mode: 'sea',
        start_date: '2026-12-01',
        end_date: '2026-12-20',
        status: 'in_progress',
        engine: 'builtin',
        item_count: 500,
        done_count: 167,
        version: 1,
        created_by: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('sop_checklist_data')
      .values({ checklist_id: id, data_json: JSON.stringify(big) })
      .execute();
    for (const type of ['pdf', 'csv', 'xlsx']) {
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < 3; i += 1) {
        const [took, res] = await timed(() =>
          t.app.inject({
            method: 'POST',
            url: '/api/sop/export_checklist',
            headers: { 'x-api-key': 'test-api-key-123', authorization: `Bearer ${token}` },
            payload: { checklist_id: id, export_type: type },
          }),
        );
        if (res.statusCode !== 200) throw new Error(`export ${type} answered ${res.statusCode}`);
        times.push(took);
        size = res.rawPayload.length;
      }
      console.log(
        `export of 500 items as ${type.padEnd(4)} median ${ms(quantile(times, 0.5))} (${(size / 1024).toFixed(0)} KB)`,
      );
    }
  } finally {
    await t.close();
  }
}

for (const dialect of testDatabases) await bench(dialect);
