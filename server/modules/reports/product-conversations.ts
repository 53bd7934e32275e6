/**
 * The conversation sums of the products' turns (0026), counted again from
 * `report_product_turns` for the conversations a change touched, so that a filter by products
 * sums rows instead of grouping a year of turns by conversation (product-filtered.ts):
 * - one product named, in one place (day × channel × widget × departments): one row of
 *   `report_product_conversations`, which any filter naming that product takes as it is;
 * - several products (up to CHOICE_PRODUCTS), in one place: a row of
 *   `report_product_conversation_choices` per non-empty choice of them, with the turns naming one
 *   of the chosen; a filter takes the row whose choice is the products of it the conversation
 *   names;
 * - the others (several places, or more products): their parts by place × question names in
 *   `report_product_conversation_parts`, grouped by conversation when read.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type {
  ProductFigures,
  ProductPlace,
  ReportProductTurnsTable,
} from '../../db/schema-reports';
import { NAME_SEP, namesOf, nameToken } from './product-names';

type Db = Kysely<DB>;

/** The most products a conversation in one place has its choices counted for (2⁴ − 1 rows). */
const CHOICE_PRODUCTS = 4;
const CHUNK = 500;

type TurnRow = Pick<
  ReportProductTurnsTable,
  keyof ProductPlace | 'conversation' | 'asked_names' | 'sentiment'
> & { day: string };

const figuresOf = (turns: readonly TurnRow[]): ProductFigures => ({
  turns: turns.length,
  positive: turns.filter((t) => t.sentiment === 'positive').length,
  neutral: turns.filter((t) => t.sentiment === 'neutral').length,
  negative: turns.filter((t) => t.sentiment === 'negative').length,
});

const placeOf = (t: TurnRow) => ({
  day: t.day,
  channel: t.channel,
  widget_id: Number(t.widget_id),
  department_id: Number(t.department_id),
  department_ids: t.department_ids,
});
const placeKey = (t: TurnRow) =>
  [t.day, t.channel, t.widget_id, t.department_id, t.department_ids].join('\n');
const tokensOf = (names: readonly string[]) => `${NAME_SEP}${names.join(NAME_SEP)}${NAME_SEP}`;

/** The non-empty choices of `names`. */
function choicesOf(names: readonly string[]): string[][] {
  const choices: string[][] = [];
  for (let mask = 1; mask < 1 << names.length; mask += 1)
    choices.push(names.filter((_, i) => mask & (1 << i)));
  return choices;
}

const TABLES = [
  'report_product_conversations',
  'report_product_conversation_parts',
  'report_product_conversation_choices',
] as const;

/**
 * Counts the conversations `keys` (a subquery of them, as `c`, or the keys) again from their
 * turns.
 */
export async function recountConversations(trx: Db, keys: RawBuilder<unknown> | string[]) {
  const list = Array.isArray(keys)
    ? [...new Set(keys)]
    : (await sql<{ c: string }>`select distinct k.c from (${keys}) k`.execute(trx)).rows.map(
        (r) => r.c,
      );
  for (let i = 0; i < list.length; i += CHUNK) await recount(trx, list.slice(i, i + CHUNK));
}

async function recount(trx: Db, keys: string[]) {
  for (const table of TABLES)
    await trx.deleteFrom(table).where('conversation', 'in', keys).execute();
  const { rows } = await sql<TurnRow>`
    select distinct x.turn_id, x.conversation, substr(x.asked_at, 1, 10) as day, x.channel,
      x.widget_id, x.department_id, x.department_ids, x.asked_names, x.sentiment
    from report_product_turns x where x.conversation in (${sql.join(keys)})`.execute(trx);
  const byConversation = new Map<string, TurnRow[]>();
  for (const r of rows) {
    const turns = byConversation.get(r.conversation) ?? [];
    turns.push(r);
    byConversation.set(r.conversation, turns);
  }
  const single = [];
  const choices = [];
  const parts = [];
  for (const [conversation, turns] of byConversation) {
    const first = turns[0] as TurnRow;
    const names = [...new Set(turns.flatMap((t) => namesOf(t.asked_names)))].sort();
    const onePlace = turns.every((t) => placeKey(t) === placeKey(first));
    if (onePlace && names.length === 1)
      single.push({
        product: names[0] ?? '',
        conversation,
        ...placeOf(first),
        ...figuresOf(turns),
      });
    else if (onePlace && names.length <= CHOICE_PRODUCTS)
      for (const chosen of choicesOf(names))
        choices.push({
          conversation,
          ...placeOf(first),
          names: tokensOf(names),
          chosen: tokensOf(chosen),
          size: chosen.length,
          ...figuresOf(
            turns.filter((t) => chosen.some((n) => t.asked_names.includes(nameToken(n)))),
          ),
        });
    else {
      const byPart = new Map<string, TurnRow[]>();
      for (const t of turns) {
        const key = `${placeKey(t)}\n${t.asked_names}`;
        byPart.set(key, [...(byPart.get(key) ?? []), t]);
      }
      for (const part of byPart.values()) {
        const p = part[0] as TurnRow;
        parts.push({ conversation, ...placeOf(p), asked_names: p.asked_names, ...figuresOf(part) });
      }
    }
  }
  for (let i = 0; i < single.length; i += CHUNK)
    await trx
      .insertInto('report_product_conversations')
      .values(single.slice(i, i + CHUNK))
      .execute();
  for (let i = 0; i < choices.length; i += CHUNK)
    await trx
      .insertInto('report_product_conversation_choices')
      .values(choices.slice(i, i + CHUNK))
      .execute();
  for (let i = 0; i < parts.length; i += CHUNK)
    await trx
      .insertInto('report_product_conversation_parts')
      .values(parts.slice(i, i + CHUNK))
      .execute();
}
