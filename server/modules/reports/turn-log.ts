/**
 * The one writer of the turn log (chat_turns): every path that stores a turn or changes what the
 * reports count of one — the assistant's and the widget's answers, ratings, sentiments, a
 * conversation or an account deleted — goes through it, and it keeps the hourly rollups
 * (rollups.ts) in step inside the caller's transaction. A new writer of turns cannot forget them.
 */
import { type Kysely, sql } from 'kysely';
import type { ChatTurnsTable, DB } from '../../db/schema';
import { addTurns, changingTurns, detachChatsOf } from './rollups';

type Db = Kysely<DB>;
export type NewTurn = Omit<ChatTurnsTable, 'id'>;
/** Rows written in the transaction that stores a turn, before the turn is rolled up. */
export type StoredAlongside = (trx: Db, turnId: number, turn: NewTurn) => Promise<void>;

export function createTurnLog() {
  return {
    /**
     * Stores a turn inside `trx`; `alongside` writes what belongs with it (its sentiment, its
     * widget's row) before it is rolled up, so it is rolled up once.
     */
    async add(trx: Db, turn: NewTurn, alongside?: StoredAlongside): Promise<number> {
      const row = await trx
        .insertInto('chat_turns')
        .values(turn)
        .returning('id')
        .executeTakeFirstOrThrow();
      await alongside?.(trx, row.id, turn);
      await addTurns(trx, [row.id]);
      return row.id;
    },

    /** Runs `change` to the turns `ids` (their rating, sentiment, …) inside `trx`. */
    change: changingTurns,

    /** A conversation's turns count alone from now on (it is being deleted), inside `trx`. */
    async detachConversation(trx: Db, conversationId: string): Promise<void> {
      // A write first (SQLite's write lock; PostgreSQL's row locks), returning the turns.
      const turns = await trx
        .updateTable('chat_turns')
        .set({ cancelled: sql`cancelled` })
        .where('conversation_id', '=', conversationId)
        .returning('id')
        .execute();
      await changingTurns(
        trx,
        turns.map((r) => r.id),
        () =>
          trx
            .updateTable('chat_turns')
            .set({ conversation_id: null })
            .where('conversation_id', '=', conversationId)
            .execute(),
      );
    },

    /** An account's chats' turns count alone from now on (it is being deleted), inside `trx`. */
    detachChatsOf,
  };
}

export type TurnLog = ReturnType<typeof createTurnLog>;

type Listener<A extends unknown[]> = (...args: A) => Promise<void>;

/**
 * What happened to turns, for the modules that act on it (the helpdesk opens tickets): a turn
 * stored by the assistant, an answer rated in the console or by a widget visitor. The writers
 * announce; listeners subscribe when they are built. A listener's failure is its own to log.
 */
export function createTurnEvents() {
  const stored: Listener<[turnId: number, question: string]>[] = [];
  const rated: Listener<[turnId: number, rating: 'up' | 'down']>[] = [];
  return {
    async stored(turnId: number, question: string): Promise<void> {
      for (const listener of stored) await listener(turnId, question);
    },
    async rated(turnId: number, rating: 'up' | 'down'): Promise<void> {
      for (const listener of rated) await listener(turnId, rating);
    },
    onStored: (listener: (typeof stored)[number]) => void stored.push(listener),
    onRated: (listener: (typeof rated)[number]) => void rated.push(listener),
  };
}
