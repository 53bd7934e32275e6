import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { ChatTurnsTable } from '../../db/schema';
import { describeApi } from '../../test-support/test-app';
import { writeConversation } from './report-fixtures';
import { createTurnLog } from './turn-log';

const HOUR = '2025-03-04T10:';

/**
 * Turns stored at the same moment, as concurrent answers store them: new conversations' first
 * turns and existing conversations' later ones, all in one hour, so every transaction touches
 * the same shared rollup rows. On PostgreSQL the two kinds once locked those rows in opposite
 * orders and deadlocked.
 */
describeApi('turns stored at once', (t) => {
  it('when 60 turns of new and ongoing conversations are stored at the same moment, then none fails and the hour counts each once', async () => {
    const log = createTurnLog();
    const userId = (await t.database.db.selectFrom('users').select('id').executeTakeFirstOrThrow())
      .id;
    const ongoing = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        writeConversation(t, userId, {
          channel: 'widget',
          department: 1,
          departments: [1],
          turns: [
            {
              asked: `${HOUR}${String(i).padStart(2, '0')}:00.000Z`,
              latency: 100,
              question: 'When does the office open?',
              answer: 'At 07:15.',
            },
          ],
        }).then((c) => c.id),
      ),
    );
    const turn = (conversation: string, i: number): Omit<ChatTurnsTable, 'id'> => {
      const asked = `${HOUR}${String(30 + (i % 30)).padStart(2, '0')}:00.000Z`;
      return {
        conversation_id: conversation,
        user_id: userId,
        channel: 'widget',
        department_id: 1,
        department_ids: '[1]',
        mode: 'stuff',
        question: 'And on Sundays?',
        standalone_question: null,
        sub_questions: null,
        answer: 'Closed.',
        engine: 'builtin',
        model: 'builtin',
        no_answer: 0,
        cancelled: 0,
        latency_ms: 100,
        references_json: '[]',
        eval_json: null,
        provider_error: null,
        asked_at: asked,
        answered_at: asked,
      } as Omit<ChatTurnsTable, 'id'>;
    };
    const fresh = Array.from({ length: 30 }, () => randomUUID());
    await t.database.db
      .insertInto('conversations')
      .values(
        fresh.map((id) => ({
          id,
          user_id: userId,
          title: 'At once',
          created_at: `${HOUR}00:00.000Z`,
          updated_at: `${HOUR}00:00.000Z`,
        })),
      )
      .execute();
    const results = await Promise.allSettled(
      [...ongoing, ...fresh].map((conversation, i) =>
        t.database.db.transaction().execute((trx) => log.add(trx, turn(conversation, i))),
      ),
    );
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    expect(failures).toEqual([]);
    const hour = await t.database.db
      .selectFrom('report_hourly')
      .select((eb) => eb.fn.sum<number>('questions').as('questions'))
      .where('channel', '=', 'widget')
      .executeTakeFirst();
    expect(Number(hour?.questions)).toBe(90);
  });
});
