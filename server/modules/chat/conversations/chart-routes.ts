/**
 * GET /chat/conversations/{chat_id}/charts/{message_id}: the chart kept with one of the
 * person's answers, drawn again (Query.QUERY_DOCUMENT, as every conversation route). The SVG is
 * served as generate_visual serves it: no scripts, no loads, nosniff.
 */
import { apiRoutes } from '../../../../contract/api-paths';
import { chatChartParamsSchema } from '../../../../contract/chat';
import { type Api, fileAnswer, needs } from '../../../http/route-contract';
import { authOf } from '../../../plugins/auth';
import type { TurnCharts } from './turn-charts';

const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export function registerChartRoutes(api: Api, { charts }: { charts: TurnCharts }) {
  api.get(
    apiRoutes.conversationChart,
    {
      config: needs('Query', 'QUERY_DOCUMENT'),
      schema: {
        tags: ['Knowledge assistant'],
        summary: 'Draw the chart kept with an answer',
        params: chatChartParamsSchema,
        response: { 200: fileAnswer(['image/svg+xml']) },
      },
    },
    async (request, reply) => {
      const { chat_id: chatId, message_id: messageId } = request.params;
      const chart = await charts.svgOf(authOf(request).user.id, chatId, messageId);
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
