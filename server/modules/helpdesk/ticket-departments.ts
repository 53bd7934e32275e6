/**
 * The departments a conversation touched, which decide the helpdesk its ticket may go to
 * (tickets.ts): a helpdesk serving every one of them.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** What a conversation touched: its turns' departments, and its last turn they were read from. */
interface Touched {
  departments: number[];
  throughTurn: number;
}

const ids = (json: string): number[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
};

/**
 * Every department the conversation's turns touched: each turn's chosen department, else every
 * source it searched (the rule of db/scope.ts touchedWithin, for a whole conversation).
 */
export async function touchedBy(exec: Kysely<DB>, conversationId: string): Promise<Touched> {
  const turns = await exec
    .selectFrom('chat_turns')
    .select(['id', 'department_id', 'department_ids'])
    .where('conversation_id', '=', conversationId)
    .execute();
  const departments = new Set<number>();
  for (const turn of turns)
    for (const id of turn.department_id === null ? ids(turn.department_ids) : [turn.department_id])
      departments.add(id);
  return {
    departments: [...departments].sort((a, b) => a - b),
    throughTurn: turns.reduce((last, t) => Math.max(last, t.id), 0),
  };
}
