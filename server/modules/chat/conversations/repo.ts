/** SQL of the assistant: conversations, the turn log and feedback (0005-chat). */
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../../db/database';
import type { DB } from '../../../db/schema';
import type { NewTurn, StoredAlongside, TurnLog } from '../../reports/public';

export type { NewTurn, StoredAlongside };

export interface HistoryRow {
  id: number;
  question: string;
  standalone_question: string | null;
  answer: string;
  engine: 'builtin' | 'openai';
  model: string;
  references_json: string;
  /** 1 when nothing relevant was found; absent where a caller does not read it. */
  no_answer?: number;
  asked_at: string;
  answered_at: string;
  department_ids: string;
  rating: 'up' | 'down' | null;
  comment: string | null;
}

type ConversationQuery = SelectQueryBuilder<DB & { c: DB['conversations'] }, 'c', object>;

/**
 * A chat widget's visitor conversations are logged under the widget's owner (the log needs a
 * user), but they are the visitors', not the owner's: the console leaves them out.
 */
const consoleOnly = (query: ConversationQuery) =>
  query.where((eb) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('chat_turns as w')
          .select('w.id')
          .whereRef('w.conversation_id', '=', 'c.id')
          .where('w.channel', '=', 'widget'),
      ),
    ),
  );

/** Conversations: their list, title and deletion. */
function conversationQueries(db: Kysely<DB>, turnLog: TurnLog) {
  return {
    findConversation(id: string) {
      return db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** findConversation, for the console: none for a widget's visitor conversation. */
    findConsoleConversation(id: string) {
      return consoleOnly(db.selectFrom('conversations as c'))
        .selectAll('c')
        .where('c.id', '=', id)
        .executeTakeFirst();
    },

    async listConversations(userId: number, page: number, size: number, search?: string) {
      let base = consoleOnly(db.selectFrom('conversations as c')).where('c.user_id', '=', userId);
      if (search)
        base = base.where(sql<boolean>`lower(c.title) like ${`%${search.toLowerCase()}%`}`);
      const [{ n }, items] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
        base
          .select([
            'c.id',
            'c.title',
            'c.created_at',
            'c.updated_at',
            (eb) =>
              eb
                .selectFrom('chat_turns as t')
                .select((e) => e.fn.countAll<number | string>().as('m'))
                .whereRef('t.conversation_id', '=', 'c.id')
                .where('t.cancelled', '=', 0)
                .as('message_count'),
          ])
          .orderBy('c.updated_at', 'desc')
          .orderBy('c.id')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
      ]);
      return { total: Number(n), items };
    },

    renameConversation(id: string, title: string, now: string) {
      return db
        .updateTable('conversations')
        .set({ title, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** The turns stay in the log for analytics; only their link to the conversation goes. */
    async deleteConversation(id: string) {
      await db.transaction().execute(async (trx) => {
        // Its turns count alone from now on, in the reports' rollup too.
        await turnLog.detachConversation(trx, id);
        await trx.deleteFrom('conversations').where('id', '=', id).execute();
      });
    },
  };
}

/** Turns: logging one, reading the history and feedback. */
function turnQueries(db: Kysely<DB>, turnLog: TurnLog) {
  return {
    /**
     * Logs a turn, creating its conversation on the first one (two first turns at once both
     * succeed) and marking it active; `alongside` writes what belongs with the turn (its
     * sentiment, its widget's row) before the turn is rolled up, so it is rolled up once. One
     * transaction, one commit.
     */
    async logTurn(
      conversation: { id: string; userId: number; title: string },
      turn: NewTurn,
      alongside?: StoredAlongside,
    ) {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('conversations')
          .values({
            id: conversation.id,
            user_id: conversation.userId,
            title: conversation.title,
            created_at: turn.answered_at,
            updated_at: turn.answered_at,
          })
          .onConflict((oc) => oc.column('id').doUpdateSet({ updated_at: turn.answered_at }))
          .execute();
        return turnLog.add(trx, turn, alongside);
      });
    },

    /** Answered turns of a conversation, oldest first, with their feedback. */
    history(conversationId: string, last?: number): Promise<HistoryRow[]> {
      let query = db
        .selectFrom('chat_turns as t')
        .leftJoin('chat_feedback as f', 'f.turn_id', 't.id')
        .select([
          't.id',
          't.question',
          't.standalone_question',
          't.answer',
          't.engine',
          't.model',
          't.references_json',
          't.no_answer',
          't.asked_at',
          't.answered_at',
          't.department_ids',
          'f.rating',
          'f.comment',
        ])
        .where('t.conversation_id', '=', conversationId)
        .where('t.cancelled', '=', 0);
      if (last !== undefined) query = query.orderBy('t.id', 'desc').limit(last);
      else query = query.orderBy('t.id', 'asc');
      return query.execute().then((rows) => (last !== undefined ? rows.reverse() : rows));
    },

    findTurn(id: number) {
      return db
        .selectFrom('chat_turns')
        .select(['id', 'user_id', 'cancelled', 'channel'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async saveFeedback(
      turnId: number,
      userId: number,
      rating: 'up' | 'down',
      comment: string,
      now: string,
    ) {
      await db.transaction().execute((trx) =>
        turnLog.change(trx, [turnId], () =>
          trx
            .insertInto('chat_feedback')
            .values({
              turn_id: turnId,
              user_id: userId,
              rating,
              comment,
              created_at: now,
              updated_at: now,
            })
            .onConflict((oc) =>
              oc
                .column('turn_id')
                .doUpdateSet({ rating, comment, updated_at: now, user_id: userId }),
            )
            .execute(),
        ),
      );
      return db
        .selectFrom('chat_feedback')
        .select(['turn_id', 'rating', 'comment', 'updated_at'])
        .where('turn_id', '=', turnId)
        .executeTakeFirstOrThrow();
    },
  };
}

export function createChatRepo({ db }: Database, turnLog: TurnLog) {
  const turnCount = (id: string) =>
    db
      .selectFrom('chat_turns')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('conversation_id', '=', id)
      .where('cancelled', '=', 0)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  return {
    ...conversationQueries(db, turnLog),
    ...turnQueries(db, turnLog),

    turnCount,
  };
}

export type ChatRepo = ReturnType<typeof createChatRepo>;
