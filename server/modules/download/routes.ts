/**
 * GET /download/{id} (SPEC §7 Chat: "blob, pdf"). No single route permission: the service lets
 * in Documents.VIEW or Query.QUERY_DOCUMENT holders of the document's department.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validate';
import type { AppDeps } from '../../deps';
import { idParams } from '../identity/params';
import { actorOf } from '../identity/request-actor';
import { createDownloadRepo } from './repo';
import { createDownloadService, type DocumentFiles } from './service';

/** The knowledge area's storage and extractor, as far as downloads need them. */
export interface KnowledgeFiles {
  storage: { pathOf(relPath: string): string };
  engine: () => Promise<{ extract: DocumentFiles['extract'] }>;
}

export function registerDownloadRoutes(
  api: FastifyInstance,
  deps: AppDeps,
  knowledge: KnowledgeFiles,
) {
  const log: FastifyBaseLogger = api.log;
  const downloads = createDownloadService({
    repo: createDownloadRepo(deps.database.db),
    files: {
      pathOf: (relPath) => knowledge.storage.pathOf(relPath),
      extract: async (...args) => (await knowledge.engine()).extract(...args),
    },
    log,
  });

  api.get('/download/:id', async (request, reply) => {
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
