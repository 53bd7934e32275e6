/** GET /reports/analytics/export/: the report as pdf (default), csv or xlsx (SPEC §7, §9). */
import { PassThrough, Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { AccessSubject } from '../../../../contract/profile';
import type { ExportQuery } from '../../../../contract/reports';
import type { ReportService } from '../service';
import { csvLines } from './csv';
import { reportPdf } from './pdf';
import { exportDocument } from './tables';
import { writeXlsx } from './xlsx';

/** The content type of each format (the API documentation lists them). */
export const TYPES = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export async function sendExport(
  reports: ReportService,
  subject: AccessSubject,
  query: ExportQuery,
  reply: FastifyReply,
  acceptLanguage?: string,
) {
  const doc = await exportDocument(reports, subject, query, acceptLanguage);
  const name = `${query.report === 'sentiment' ? 'sentiment' : 'analytics'}-${doc.isoPeriod.replace(/[^0-9-]+/g, '_')}.${query.export_format}`;
  reply
    .header('content-type', TYPES[query.export_format])
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store');
  if (query.export_format === 'csv') return reply.send(Readable.from(csvLines(doc)));
  if (query.export_format === 'xlsx') {
    const out = new PassThrough();
    writeXlsx(doc, out).catch((error: unknown) => out.destroy(error as Error));
    return reply.send(out);
  }
  return reply.send(Buffer.from(await reportPdf(doc)));
}
