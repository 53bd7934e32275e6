/**
 * GET /download/{id} (SPEC §7 Chat: "blob, pdf"). No single route permission: the service lets
 * in Documents.VIEW or Query.QUERY_DOCUMENT holders of the document's department.
 */
import { apiRoutes } from '../../../contract/api-paths';
import { downloadQuerySchema, sourceNotesSchema } from '../../../contract/knowledge';
import { languageOf } from '../../services/text/locale-labels';
import { type Api, fileAnswer } from '../../http/route-contract';
import { actorOf, idParams } from '../identity/public';
import type { DownloadService } from './service';

export function registerDownloadRoutes(api: Api, { downloads }: { downloads: DownloadService }) {
  api.get(
    apiRoutes.download,
    {
      schema: {
        summary: 'Download a document as PDF',
        tags: ['Knowledge assistant'],
        params: idParams,
        querystring: downloadQuerySchema,
        response: { 200: fileAnswer(['application/pdf']) },
      },
    },
    async (request, reply) => {
      const file = await downloads.open(
        await actorOf(request),
        request.params.id,
        languageOf(request.query.lng, request.headers['accept-language']),
      );
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', file.disposition)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      if (file.kind === 'file')
        return reply.header('content-length', String(file.size)).send(file.stream);
      return reply
        .header('content-length', String(file.bytes.byteLength))
        .send(Buffer.from(file.bytes));
    },
  );

  api.get(
    apiRoutes.downloadNotes,
    {
      schema: {
        summary: 'Read what the source viewer says beside a document',
        tags: ['Knowledge assistant'],
        params: idParams,
        response: { 200: sourceNotesSchema },
      },
    },
    async (request) => ({
      notes: await downloads.notes(await actorOf(request), request.params.id),
    }),
  );
}
