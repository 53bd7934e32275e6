/**
 * Visual answers (SPEC §7 Chat): POST /chat/visual_router says whether a question wants a
 * chart, from which table and of which kind; POST /chat/generate_visual draws it. Both need
 * Query.QUERY_DOCUMENT; the tables come from the departments where the user holds it.
 * The chart is an SVG document: served with a CSP that forbids scripts and loads, nosniff and
 * an attachment-safe filename, so opening it on its own is as harmless as showing it in <img>.
 */
import { apiRoutes } from '../../../contract/api-paths';
import { visualRequestSchema, visualRouteSchema } from '../../../contract/chat';
import { type Api, fileAnswer, needs } from '../../http/route-contract';
import { actorOf } from '../identity/public';
import type { VisualsService } from './service';
import type { TurnChartKeeper } from '../chat/public';

const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
const config = needs('Query', 'QUERY_DOCUMENT');
const tags = ['Knowledge assistant'];

export function registerVisualRoutes(
  api: Api,
  { visuals, charts }: { visuals: VisualsService; charts: TurnChartKeeper },
) {
  api.post(
    apiRoutes.visualRouter,
    {
      config,
      schema: {
        tags,
        summary: 'Plan a chart for a question',
        body: visualRequestSchema,
        response: { 200: visualRouteSchema },
      },
    },
    async (request) => visuals.route(await actorOf(request), request.body),
  );

  api.post(
    apiRoutes.generateVisual,
    {
      config,
      schema: {
        tags,
        summary: 'Draw a chart for a question',
        body: visualRequestSchema,
        response: { 200: fileAnswer(['image/svg+xml']) },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      const chart = await visuals.generate(actor, request.body);
      const messageId = request.body.message_id;
      if (messageId !== undefined)
        await charts.keep(actor.id, messageId, {
          route: chart.route,
          spec: chart.spec,
          engine: chart.engine,
        });
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('content-disposition', 'inline; filename="chart.svg"')
        .header('content-security-policy', SVG_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .header('x-visual-engine', chart.engine)
        .send(chart.svg);
    },
  );
}
