/**
 * An in-memory SOP API for the SOP screens' component tests: every answer is checked against
 * contract/sop.ts before it goes out and every request (method, path, query, body) is recorded.
 */
import { http, HttpResponse } from 'msw';
import { apiPaths } from '@contract/api-paths';
import {
  checklistPageSchema,
  documentIdsBodySchema,
  lookupListSchema,
  namesListSchema,
  sopDocumentPageSchema,
  sopRoutes,
  sopUploadResponseSchema,
  type ChecklistSummary,
  type SopDocument,
} from '@contract/sop';
import type { UserProfile } from '@contract/profile';
import { adminProfile } from '@/test/fixtures';
import { apiUrl, handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';

const STAMP = '2026-03-04T15:05:00Z';

export const sopDocument = (id: number, over: Partial<SopDocument> = {}): SopDocument => ({
  id,
  name: `sop-${id}.pdf`,
  department_id: 1,
  department_name: 'General',
  client_id: 1,
  client_name: 'Acme',
  industry: 'Retail',
  product_type: 'Textiles',
  archived: false,
  archive_comment: null,
  archived_at: null,
  archived_by: null,
  page_count: 3,
  requirement_count: 10,
  versions: [],
  references: [],
  created_at: STAMP,
  updated_at: STAMP,
  ...over,
});

export const checklistSummary = (id: number): ChecklistSummary => ({
  id,
  name: `Shipment ${id}`,
  sop_doc_id: 1,
  sop_name: 'sop-1.pdf',
  client_name: 'Acme',
  department_id: 1,
  from_location: 'CN',
  to_location: 'DE',
  shipment_mode: 'sea',
  start_date: '2026-12-01',
  end_date: '2026-12-20',
  status: 'draft',
  item_count: 6,
  done_count: 0,
  version: 1,
  engine: 'builtin',
  created_by: 'Grace',
  updated_at: STAMP,
});

interface SopRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

const DEPARTMENTS = [
  { id: 1, name: 'General' },
  { id: 2, name: 'Ocean freight' },
];

/** The SOP API with these documents and checklists; `requests` records what the screens sent. */
export function fakeSopApi(
  options: {
    documents?: SopDocument[];
    archived?: SopDocument[];
    checklists?: ChecklistSummary[];
    profile?: UserProfile;
  } = {},
) {
  const state = {
    documents: options.documents ?? [sopDocument(1)],
    checklists: options.checklists ?? [],
    requests: [] as SopRequest[],
    /** The multipart fields and file names of POST /sop/documents. */
    uploads: [] as { fields: Record<string, string>; files: string[]; references: string[] }[],
    /** Holds the upload's answer until released (to see the rows while Uploading). */
    uploadGate: Promise.resolve() as Promise<void>,
  };
  const record = (request: Request, body?: unknown) => {
    const url = new URL(request.url);
    state.requests.push({
      method: request.method,
      path: url.pathname.replace(/^\/api/, ''),
      query: Object.fromEntries(url.searchParams),
      ...(body === undefined ? {} : { body }),
    });
  };
  const page = <T>(items: T[]) => ({ items, total: items.length, page: 1, size: 100 });
  server.use(
    handlers.me(options.profile ?? adminProfile),
    http.get(apiUrl(apiPaths.departments), () =>
      HttpResponse.json(
        page(
          DEPARTMENTS.map((d) => ({
            ...d,
            description: '',
            user_count: 0,
            role_count: 0,
            created_at: STAMP,
            updated_at: STAMP,
          })),
        ),
      ),
    ),
    http.get(apiUrl(sopRoutes.documents), ({ request }) => {
      record(request);
      const q = new URL(request.url).searchParams;
      const items = state.documents.filter(
        (d) =>
          (!q.get('client_name') || d.client_name === q.get('client_name')) &&
          (!q.get('department_id') || String(d.department_id) === q.get('department_id')) &&
          (!q.get('document_id') || String(d.id) === q.get('document_id')),
      );
      return HttpResponse.json(sopDocumentPageSchema.parse(page(items)));
    }),
    http.get(apiUrl(sopRoutes.archived), ({ request }) => {
      record(request);
      const id = new URL(request.url).searchParams.get('document_id');
      const items = (options.archived ?? []).filter((d) => !id || String(d.id) === id);
      return HttpResponse.json(sopDocumentPageSchema.parse(page(items)));
    }),
    http.post(apiUrl(sopRoutes.documents), async ({ request }) => {
      record(request);
      const form = await request.formData();
      const names = (field: string) => form.getAll(field).map((f) => (f as File).name);
      state.uploads.push({
        fields: Object.fromEntries(
          ['department_id', 'client_id', 'industry', 'product_type'].map((k) => [
            k,
            String(form.get(k)),
          ]),
        ),
        files: names('files'),
        references: names('reference_files'),
      });
      await state.uploadGate;
      return HttpResponse.json(sopUploadResponseSchema.parse({ items: [sopDocument(9)] }), {
        status: 201,
      });
    }),
    http.delete(apiUrl(sopRoutes.documents), async ({ request }) => {
      record(request, await request.json());
      return HttpResponse.json({ message: 'archived' });
    }),
    http.get(apiUrl(sopRoutes.clients), () =>
      HttpResponse.json(
        lookupListSchema.parse({
          items: [
            { id: 1, name: 'Acme' },
            { id: 2, name: 'Borealis' },
          ],
        }),
      ),
    ),
    http.get(apiUrl(sopRoutes.products), () =>
      HttpResponse.json(namesListSchema.parse({ items: ['Textiles', 'Electronics'] })),
    ),
    http.get(apiUrl(sopRoutes.industries), () =>
      HttpResponse.json(namesListSchema.parse({ items: ['Retail'] })),
    ),
    http.get(apiUrl(sopRoutes.departments), () =>
      HttpResponse.json(lookupListSchema.parse({ items: DEPARTMENTS })),
    ),
    http.get(apiUrl(sopRoutes.countries), () =>
      HttpResponse.json({
        items: [
          { code: 'CN', name: 'China' },
          { code: 'DE', name: 'Germany' },
        ],
      }),
    ),
    http.get(apiUrl(sopRoutes.checklists), ({ request }) => {
      record(request);
      return HttpResponse.json(checklistPageSchema.parse(page(state.checklists)));
    }),
    http.delete(apiUrl(sopRoutes.checklists), async ({ request }) => {
      const body = documentIdsBodySchema.parse(await request.json());
      record(request, body);
      state.checklists = state.checklists.filter((c) => !body.document_ids.includes(c.id));
      return HttpResponse.json({ message: 'deleted' });
    }),
  );
  return state;
}
