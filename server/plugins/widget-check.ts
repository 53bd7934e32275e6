/**
 * GET /widget-check?key=K: may the page asking show the chat widget of key K? The embed script
 * (public/widget.js) asks before it draws its launcher, so a site that is not among the widget's
 * allowed hosts shows nothing at all, instead of a button that opens a frame the browser refuses.
 *
 * The answer is the framing decision itself: the hosts that the widget's pages name in
 * `frame-ancestors` (the same `framingHosts`, read by the same `isAllowedHost`), and Atrium's own
 * origin ('self'), against the asking page's `Origin` (a browser sets it on a cross-origin fetch
 * and no page can change it; `Referer` when a same-origin fetch sends none). A switched-off
 * widget is still allowed where it may be framed: its visitors read in it that it is off.
 *
 * It is outside /api: a customer's page has no x-api-key, and a call carrying one would need a
 * preflight. It says only yes or no, about the caller's own origin, so every origin may read it
 * (`Access-Control-Allow-Origin: *`, no credentials); never cached, so a host added to the list
 * shows the launcher on the next page view.
 */
import type { FastifyInstance } from 'fastify';
import { widgetCheckQuerySchema, widgetCheckSchema } from '../../contract/service-agent';
import { isAllowedHost } from '../../contract/widget-hosts';
import { WIDGET_CHECK_PATH } from '../../contract/widget-session';
import type { ContractTypeProvider } from '../http/route-contract';

interface WidgetCheckOptions {
  /** The allowed hosts of the widget whose key this is; undefined for any other key. */
  framingHosts: (key: string) => Promise<string[] | undefined>;
}

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

export function registerWidgetCheck(app: FastifyInstance, { framingHosts }: WidgetCheckOptions) {
  app.withTypeProvider<ContractTypeProvider>().get(
    WIDGET_CHECK_PATH,
    {
      schema: {
        querystring: widgetCheckQuerySchema,
        response: { 200: widgetCheckSchema },
      },
      // Before validation, so a refusal (400) is readable by the page too.
      onRequest: (_request, reply, done) => {
        reply.header('access-control-allow-origin', '*');
        reply.header('vary', 'Origin');
        reply.header('cache-control', 'no-store');
        done();
      },
    },
    async (request) => {
      const page = originOf(request.headers.origin) ?? originOf(request.headers.referer);
      if (!page) return { allowed: false };
      const hosts = await framingHosts(request.query.key);
      if (!hosts || hosts.length === 0) return { allowed: false };
      const self = `${request.protocol}://${request.host}`;
      return { allowed: page === self || isAllowedHost(hosts, page) };
    },
  );
}
