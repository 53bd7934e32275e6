/**
 * POST /chat/visual_router and /chat/generate_visual (SPEC §7 Chat, issue 6 "Visual answers").
 * Both need Query.QUERY_DOCUMENT; the tables come from the departments where the user holds it.
 * The chart is an SVG document: served with a CSP that forbids scripts and loads, nosniff and
 * an attachment-safe filename, so opening it on its own is as harmless as showing it in <img>.
 */
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '../../../contract/api-paths';
import { visualRequestSchema, visualRouteSchema } from '../../../contract/chat';
import type { Services } from '../../container';
import { parseInput, shape } from '../../http/validate';
import { actorOf } from '../identity/request-actor';

const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export function registerVisualRoutes(api: FastifyInstance, { visuals }: Pick<Services, 'visuals'>) {
  const config = { permission: { module: 'Query', action: 'QUERY_DOCUMENT' } } as const;

  api.post(apiRoutes.visualRouter, { config }, async (request) => {
    const body = parseInput(visualRequestSchema, request.body);
    return shape(visualRouteSchema, await visuals.route(await actorOf(request), body));
  });

  api.post(apiRoutes.generateVisual, { config }, async (request, reply) => {
    const body = parseInput(visualRequestSchema, request.body);
    const chart = await visuals.generate(await actorOf(request), body);
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('content-disposition', 'inline; filename="chart.svg"')
      .header('content-security-policy', SVG_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .header('x-visual-engine', chart.engine)
      .send(chart.svg);
  });
}
