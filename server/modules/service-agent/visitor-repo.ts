/** SQL of widget visitors: sessions, their turns and ratings, and the daily question count. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, ServiceAgentSessionsTable, ServiceAgentTurnsTable } from '../../db/schema';
import type { TurnLog } from '../reports/public';

export type TurnRow = Selectable<ServiceAgentTurnsTable>;

export function createVisitorRepo(db: Kysely<DB>, turnLog: TurnLog) {
  return {
    /**
     * Opens a visitor session, and forgets the widget's expired sessions that never asked
     * anything (a login is cheap to repeat; the table stays the size of real conversations).
     */
    async insertSession(row: Insertable<ServiceAgentSessionsTable>) {
      await db
        .deleteFrom('service_agent_sessions')
        .where('service_agent_id', '=', row.service_agent_id)
        .where('expires_at', '<', row.created_at)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('service_agent_turns as t')
                .select('t.id')
                .whereRef('t.session_id', '=', 'service_agent_sessions.id'),
            ),
          ),
        )
        .execute();
      await db.insertInto('service_agent_sessions').values(row).execute();
    },

    /** A session with the status of its widget. */
    findSession: (id: string) =>
      db
        .selectFrom('service_agent_sessions as s')
        .innerJoin('service_agents as w', 'w.id', 's.service_agent_id')
        .select([
          's.id',
          's.service_agent_id',
          's.expires_at',
          's.revoked_at',
          'w.client_id',
          'w.status',
        ])
        .where('s.id', '=', id)
        .executeTakeFirst(),

    /**
     * Counts one question against the widget's quota for `day`; false (nothing counted) when
     * the quota is used up. One conditional UPDATE decides, so concurrent questions in several
     * processes never count past the quota.
     */
    async countQuestion(widgetId: number, day: string, quota: number): Promise<boolean> {
      await db
        .insertInto('service_agent_usage')
        .values({ service_agent_id: widgetId, day, messages: 0 })
        .onConflict((oc) => oc.columns(['service_agent_id', 'day']).doNothing())
        .execute();
      const counted = await db
        .updateTable('service_agent_usage')
        .set((eb) => ({ messages: eb('messages', '+', 1) }))
        .where('service_agent_id', '=', widgetId)
        .where('day', '=', day)
        .where('messages', '<', quota)
        .returning('messages')
        .executeTakeFirst();
      return counted !== undefined;
    },

    /**
     * Keeps an answered turn in the widget's log, inside the transaction that stores the
     * assistant's turn (so the reports roll the turn up once, already under its widget).
     */
    async insertTurn(trx: Kysely<DB>, row: Insertable<ServiceAgentTurnsTable>): Promise<number> {
      await trx
        .updateTable('service_agent_sessions')
        .set({ last_active_at: row.answered_at })
        .where('id', '=', row.session_id)
        .execute();
      const stored = await trx
        .insertInto('service_agent_turns')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return stored.id;
    },

    /** Turns of sessions, oldest first. */
    turnsOf: (sessionIds: readonly string[]) =>
      sessionIds.length === 0
        ? Promise.resolve([] as TurnRow[])
        : db
            .selectFrom('service_agent_turns')
            .selectAll()
            .where('session_id', 'in', sessionIds)
            .orderBy('id')
            .execute(),

    /**
     * Rates a turn of the session: in the widget's log and, for the reports, as the feedback
     * of the same turn in the assistant's log (no user: a visitor gave it). Undefined when the
     * turn is not the session's.
     */
    async rate(sessionId: string, turnId: number, rating: 'up' | 'down', now: string) {
      return db.transaction().execute(async (trx) => {
        const turn = await trx
          .updateTable('service_agent_turns')
          .set({ rating, rated_at: now })
          .where('id', '=', turnId)
          .where('session_id', '=', sessionId)
          .returning(['id', 'chat_turn_id'])
          .executeTakeFirst();
        const chatTurnId = turn?.chat_turn_id;
        if (chatTurnId != null)
          await turnLog.change(trx, [chatTurnId], () =>
            trx
              .insertInto('chat_feedback')
              .values({
                turn_id: chatTurnId,
                user_id: null,
                rating,
                comment: '',
                created_at: now,
                updated_at: now,
              })
              .onConflict((oc) =>
                oc.column('turn_id').doUpdateSet({ rating, updated_at: now, user_id: null }),
              )
              .execute(),
          );
        return turn;
      });
    },

    /** A page of the widget's sessions that asked something, most recently active first. */
    async sessionsPage(widgetId: number, page: number, size: number) {
      const base = db
        .selectFrom('service_agent_sessions as s')
        .where('s.service_agent_id', '=', widgetId)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('service_agent_turns as t')
              .select('t.id')
              .whereRef('t.session_id', '=', 's.id'),
          ),
        );
      const [{ n }, items] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
        base
          .select(['s.id', 's.host', 's.visitor_address', 's.created_at', 's.last_active_at'])
          .orderBy('s.last_active_at', 'desc')
          .orderBy('s.id')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
      ]);
      return { total: Number(n), items };
    },

    /**
     * Who the assistant's log names for a widget's turns: its creator, or, when that user is
     * gone, the first default administrator (the log's conversations need a user).
     */
    async logOwner(createdBy: number | null): Promise<number> {
      if (createdBy !== null) return createdBy;
      const admin = await db
        .selectFrom('users')
        .select('id')
        .where('is_defaultadmin', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return admin.id;
    },
  };
}

export type VisitorRepo = ReturnType<typeof createVisitorRepo>;
