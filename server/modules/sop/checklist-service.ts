/**
 * The checklist service (SPEC §7: "a separate external service is called at
 * /sop/export_checklist and /sop/save_checklist with an API key header"). An
 * encapsulated Fastify plugin that takes everything it uses in its options, so it can be served
 * at another base address: by default the console's server registers it inside /api, behind the
 * scope's own x-api-key check, sign-in and rights; served alone, `guard` gives it those checks
 * of its own (see checklist-service-guard.ts). The console reaches it at runtime-config's
 * `sopServiceUrl` (SOP_SERVICE_URL; default: the API's own base, /api).
 *   POST /sop/save_checklist    Sop.UPDATE    a new version with the changes
 *   POST /sop/export_checklist  Sop.DOWNLOAD  pdf (default), csv or xlsx; unknown type: 400
 */
import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import {
  checklistSchema,
  exportChecklistSchema,
  exportLanguageQuerySchema as lngQuery,
  saveChecklistSchema,
  sopRoutes as paths,
  type ExportType,
} from '../../../contract/sop';
import type { Sop } from './sop-area';
import {
  type Api,
  type ContractTypeProvider,
  fileAnswer,
  needs,
  serializerCompiler,
  validatorCompiler,
} from '../../http/route-contract';
import { actorOf } from '../identity/public';
import {
  registerChecklistServiceGuard,
  type ChecklistServiceGuard,
} from './checklist-service-guard';
import type { Checklists } from './checklists-service';
import { checklistPdf } from './export/checklist-pdf';
import { checklistCsv, checklistXlsx } from './export/tabular';

/** The content type of each export (the API documentation lists them). */
export const CONTENT_TYPES: Record<ExportType, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

interface ChecklistServiceOptions {
  checklists: Checklists;
  /** Served on its own: the x-api-key and sign-in checks the console's /api scope would give. */
  guard?: ChecklistServiceGuard;
}

const tags = ['SOP'];

export const checklistService: FastifyPluginAsync<
  ChecklistServiceOptions,
  RawServerDefault,
  ContractTypeProvider
> = async (service, { checklists, guard }) => {
  // Served on its own as well, it checks its input and shapes its answers with the contract.
  service.setValidatorCompiler(validatorCompiler);
  service.setSerializerCompiler(serializerCompiler);
  if (guard) registerChecklistServiceGuard(service, guard);

  service.post(
    paths.saveChecklist,
    {
      config: needs('Sop', 'UPDATE'),
      schema: {
        tags,
        summary: 'Save a checklist’s changes as a new version',
        body: saveChecklistSchema,
        response: { 200: checklistSchema },
      },
    },
    async (request) => {
      const { checklist_id, checklist_data } = request.body;
      return checklists.save(await actorOf(request), checklist_id, checklist_data);
    },
  );

  service.post(
    paths.exportChecklist,
    {
      config: needs('Sop', 'DOWNLOAD'),
      schema: {
        tags,
        summary: 'Export a checklist',
        querystring: lngQuery,
        body: exportChecklistSchema,
        response: { 200: fileAnswer(Object.values(CONTENT_TYPES)) },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const { lng } = request.query;
      const checklist = await checklists.preview(
        await actorOf(request),
        body.checklist_id,
        body.checklist_data,
      );
      const type = body.export_type;
      const bytes =
        type === 'csv'
          ? checklistCsv(checklist, lng)
          : type === 'xlsx'
            ? await checklistXlsx(checklist, lng)
            : Buffer.from(await checklistPdf(checklist, lng));
      const fileName = `checklist-${checklist.id}.${type}`;
      return reply
        .header('content-type', CONTENT_TYPES[type])
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
};

/** The console's default: the plugin inside its /api scope (the prefix is the scope's). */
export function registerChecklistService(api: Api, { sop }: { sop: Sop }) {
  void api.register(checklistService, { checklists: sop.checklists });
}
