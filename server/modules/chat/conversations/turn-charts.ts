/**
 * Charts kept with their answers (0034-chat-turn-charts): what generate_visual drew for one of
 * the person's own answers, so that the conversation draws it again when it is reopened.
 *
 * A chart is kept as drawn (its spec with the data inline, and its route) rather than as the
 * query that made it: reopened, it is the chart that stood beside that answer, drawn without
 * asking the database again, even when the data changed since or the source is gone. Drawing
 * again for the same answer (Chart pressed twice) replaces it. A kept row stays under 512 kB:
 * the rows laid out under a database chart go first; a spec larger than that alone is not kept.
 */
import type { Kysely } from 'kysely';
import type { TopLevelSpec } from 'vega-lite';
import { visualRouteSchema, type VisualRoute } from '../../../../contract/chat';
import { nowIso } from '../../../db/database';
import type { DB } from '../../../db/schema';
import { errors } from '../../../http/app-error';
import { renderVegaLiteSvg } from '../../../services/render/vega-svg';

export interface KeptChart {
  route: VisualRoute;
  spec: TopLevelSpec;
  engine: 'builtin' | 'llm';
}

const MAX_BYTES = 512 * 1024;

/** The route, with as many of its table's rows as fit beside the spec. */
function fitted(route: VisualRoute, room: number): string | null {
  let text = JSON.stringify(route);
  if (Buffer.byteLength(text) <= room) return text;
  const result = route.db_result;
  if (!result) return null;
  let rows = result.rows.length;
  while (rows > 0 && Buffer.byteLength(text) > room) {
    rows = Math.floor(rows / 2);
    text = JSON.stringify({
      ...route,
      db_result: { ...result, rows: result.rows.slice(0, rows), truncated: true },
    });
  }
  return Buffer.byteLength(text) <= room ? text : null;
}

export function createTurnCharts(db: Kysely<DB>) {
  /** The person's own answered turn in one of their console conversations. */
  const ownTurn = (userId: number, messageId: number, chatId?: string) => {
    let query = db
      .selectFrom('chat_turns as t')
      .innerJoin('conversations as c', 'c.id', 't.conversation_id')
      .select(['t.id'])
      .where('t.id', '=', messageId)
      .where('c.user_id', '=', userId)
      .where('t.channel', '=', 'console')
      .where('t.cancelled', '=', 0);
    if (chatId) query = query.where('c.id', '=', chatId);
    return query.executeTakeFirst();
  };

  return {
    /** Keeps `chart` with the answer; false when it is not the person's or is too large. */
    async keep(userId: number, messageId: number, chart: KeptChart): Promise<boolean> {
      if (!(await ownTurn(userId, messageId))) return false;
      const spec = JSON.stringify(chart.spec);
      const route = fitted(chart.route, MAX_BYTES - Buffer.byteLength(spec));
      if (!route) return false;
      const row = {
        route_json: route,
        spec_json: spec,
        engine: chart.engine,
        created_at: nowIso(),
      };
      await db
        .insertInto('chat_turn_charts')
        .values({ turn_id: messageId, ...row })
        .onConflict((oc) => oc.column('turn_id').doUpdateSet(row))
        .execute();
      return true;
    },

    /** The routes of the charts kept in a conversation, by answer. */
    async routesOf(chatId: string): Promise<Map<number, VisualRoute>> {
      const rows = await db
        .selectFrom('chat_turn_charts as k')
        .innerJoin('chat_turns as t', 't.id', 'k.turn_id')
        .select(['k.turn_id', 'k.route_json'])
        .where('t.conversation_id', '=', chatId)
        .execute();
      const routes = new Map<number, VisualRoute>();
      for (const row of rows) {
        const parsed = visualRouteSchema.safeParse(JSON.parse(row.route_json));
        if (parsed.success) routes.set(row.turn_id, parsed.data);
      }
      return routes;
    },

    /** The kept chart of one of the person's answers, drawn again as SVG; 404 when none. */
    async svgOf(userId: number, chatId: string, messageId: number) {
      const kept = (await ownTurn(userId, messageId, chatId))
        ? await db
            .selectFrom('chat_turn_charts')
            .select(['spec_json', 'engine'])
            .where('turn_id', '=', messageId)
            .executeTakeFirst()
        : undefined;
      if (!kept) throw errors.notFound('This answer has no chart.');
      const svg = await renderVegaLiteSvg(JSON.parse(kept.spec_json) as TopLevelSpec);
      return { svg, engine: kept.engine };
    },

    /**
     * A deleted conversation's charts go with it: its turns stay in the log for the reports,
     * but the data a chart showed was the person's to see in that conversation only.
     */
    async forget(userId: number, chatId: string) {
      await db
        .deleteFrom('chat_turn_charts')
        .where('turn_id', 'in', (eb) =>
          eb
            .selectFrom('chat_turns as t')
            .innerJoin('conversations as c', 'c.id', 't.conversation_id')
            .select('t.id')
            .where('c.id', '=', chatId)
            .where('c.user_id', '=', userId),
        )
        .execute();
    },
  };
}

export type TurnCharts = ReturnType<typeof createTurnCharts>;
