import { beforeAll, expect, it } from 'vitest';
import { liveDashboardSchema } from '../../../contract/live-dashboard-schema';
import { isoDay } from '../../../contract/reports';
import { readyDocumentRow } from '../../test-support/document-rows';
import { addDepartment, addPerson, personWith } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';
import { createWidget, visitorOf } from '../../test-support/widgets';
import { writeConversation } from './report-fixtures';

/** GET /reports/dashboard: the live figures of /dashboard, each part within the person's rights. */
describeApi('live dashboard', (t) => {
  let other = 0;
  const today = isoDay(new Date());
  const yesterday = isoDay(new Date(Date.now() - 864e5));
  beforeAll(async () => {
    other = await addDepartment(t);
    const owner = await addPerson(t);
    // Today: one conversation of 20 turns answered in 100, 200 … 2000 ms, two of them rated.
    await writeConversation(t, owner.id, {
      channel: 'console',
      department: 1,
      departments: [1],
      turns: Array.from({ length: 20 }, (_, i) => ({
        asked: `${today}T00:00:${String(i).padStart(2, '0')}.000Z`,
        latency: (i + 1) * 100,
        question: `Question number ${i}`,
        answer: 'An answer',
        ...(i < 2 ? { rating: i === 0 ? ('up' as const) : ('down' as const) } : {}),
      })),
    });
    // Yesterday: one conversation in another department.
    await writeConversation(t, owner.id, {
      channel: 'console',
      department: other,
      departments: [other],
      turns: [
        { asked: `${yesterday}T12:00:00.000Z`, latency: 50, question: 'Hello', answer: 'Hi' },
      ],
    });
    await t.database.db
      .insertInto('documents')
      .values([
        readyDocumentRow({ name: 'ready.pdf', type: 'pdf', department_id: 1 }),
        readyDocumentRow({ name: 'queued.pdf', type: 'pdf', department_id: 1, status: 'queued' }),
        readyDocumentRow({
          name: 'broken.pdf',
          type: 'pdf',
          department_id: 1,
          status: 'failed',
          error: 'The file is damaged.',
        }),
        readyDocumentRow({
          name: 'elsewhere.pdf',
          type: 'pdf',
          department_id: other,
          status: 'failed',
        }),
      ])
      .execute();
    const busy = await createWidget(t, t.admin, { client_name: 'Busy desk' });
    const quiet = await createWidget(t, t.admin, { client_name: 'Quiet desk' });
    await visitorOf(t, busy.client_id);
    await visitorOf(t, busy.client_id);
    await visitorOf(t, quiet.client_id);
  });

  it('when the administrator reads it, then every part holds the exact live figures', async () => {
    const res = await t.api('GET', '/api/reports/dashboard', { token: t.admin });
    expect(res.status, res.raw).toBe(200);
    const body = liveDashboardSchema.parse(res.body);
    expect(body.conversations).toMatchObject({
      today: 1,
      week: 2,
      // Nearest rank: the 19th of 20 answer times.
      answer_p95_ms: 1900,
      satisfaction_score: 50,
      ratings: 2,
    });
    expect(body.conversations?.daily).toHaveLength(7);
    expect(body.conversations?.daily.slice(-2)).toEqual([
      { date: yesterday, count: 1 },
      { date: today, count: 1 },
    ]);
    expect(body.documents).toMatchObject({ ready: 1, processing: 1, failed: 2 });
    expect(body.documents?.latest_failures.map((f) => f.name).sort()).toEqual([
      'broken.pdf',
      'elsewhere.pdf',
    ]);
    expect(body.widgets?.map((w) => [w.client_name, w.visitors])).toEqual([
      ['Busy desk', 2],
      ['Quiet desk', 1],
    ]);
  });

  it('when a person holds only some rights, then only those parts show, within their departments', async () => {
    const asker = await personWith(t, 1, 'Query.QUERY_DOCUMENT');
    const none = await t.api('GET', '/api/reports/dashboard', { token: asker.token });
    expect(none.body).toEqual({ conversations: null, documents: null, widgets: null });

    const librarian = await personWith(t, other, 'Documents.LIST_VIEW', 'Reports.VIEW');
    const mine = liveDashboardSchema.parse(
      (await t.api('GET', '/api/reports/dashboard', { token: librarian.token })).body,
    );
    expect(mine.documents).toMatchObject({ ready: 0, processing: 0, failed: 1 });
    expect(mine.documents?.latest_failures.map((f) => f.name)).toEqual(['elsewhere.pdf']);
    expect(mine.conversations).toMatchObject({ today: 0, week: 1, answer_p95_ms: 50 });
    expect(mine.widgets).toBeNull();
  });
});
