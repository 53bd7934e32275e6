/**
 * GET /download/{id} (SPEC §7 Chat: "blob, pdf"). No single route permission: the service lets
 * in Documents.VIEW or Query.QUERY_DOCUMENT holders of the document's department.
 */
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '../../../contract/api-paths';
import type { Services } from '../../container';
import { parseInput } from '../../http/validate';
import { idParams } from '../identity/params';
import { actorOf } from '../identity/request-actor';

export function registerDownloadRoutes(
  api: FastifyInstance,
  { downloads }: Pick<Services, 'downloads'>,
) {
  api.get(apiRoutes.download, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'params');
    const file = await downloads.open(await actorOf(request), id);
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
  });
}
