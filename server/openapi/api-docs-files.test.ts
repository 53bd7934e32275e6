/**
 * The answers and requests that are not plain JSON, in the document and in fact: multipart forms,
 * file answers and event streams, each checked against its route's own declaration.
 */
import { beforeAll, expect, it } from 'vitest';
import { EVENT_STREAM, type MultipartForm } from '../http/route-contract';
import {
  type DeclaredRoute,
  declaredRoutes,
  mediaType,
  operationOf,
  readDocument,
  successAnswer,
} from '../test-support/declared-routes';
import { addDocumentRow, SALES_TABLE } from '../test-support/document-rows';
import { addDepartment } from '../test-support/identity';
import { multipart, waitForDocument, type FilePart } from '../test-support/knowledge';
import { addClient, seaShipment, sopFile } from '../test-support/sop';
import { describeApi, type SuiteApp } from '../test-support/test-app';
import { createWidget, visitorOf } from '../test-support/widgets';
import { formFieldNames } from './route-docs';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const binary = { type: 'string', format: 'binary' };

let routes: DeclaredRoute[];
beforeAll(async () => {
  routes = await declaredRoutes();
});
const routeOf = (method: string, url: string): DeclaredRoute => {
  const route = routes.find((r) => r.method === method && r.url === url);
  if (!route) throw new Error(`${method} ${url} is not declared`);
  return route;
};
const fileTypes = (route: DeclaredRoute) => {
  const types = successAnswer(route)?.types ?? [];
  return types.some((type) => type === 'application/json') ? [] : types;
};
/** `image/*` matches `image/svg+xml`. */
const matches = (range: string, type: string) => {
  const [want, got] = [mediaType(range).split('/'), type.split('/')];
  return (want[0] === '*' || want[0] === got[0]) && (want[1] === '*' || want[1] === got[1]);
};

/** Calls a route as the administrator, or another bearer, expecting a success. */
async function call(
  t: SuiteApp,
  method: Method,
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; token?: string } = {},
) {
  const res = await t.api(method, url, { ...options, token: options.token ?? t.admin });
  expect(res.status, `${method} ${url}: ${res.raw.slice(0, 300)}`).toBeLessThan(300);
  return res;
}

/** A file answer: sent with one of the types its route declares, and only such a route's. */
async function download(t: SuiteApp, method: Method, url: string, pattern: string, body?: unknown) {
  const res = await call(t, method, url, { body });
  const declared = fileTypes(routeOf(method, pattern));
  const type = mediaType(res.headers['content-type']);
  expect(declared.length, `${pattern} declares a file answer`).toBeGreaterThan(0);
  expect(
    declared.some((range) => matches(range, type)),
    `${pattern} answered ${type}, declares ${declared.join(', ')}`,
  ).toBe(true);
  return res;
}

/** A multipart form sent with every field its route declares, and no other. */
async function upload(
  t: SuiteApp,
  method: Method,
  url: string,
  pattern: string,
  form: { fields: Record<string, string>; files: FilePart[] },
) {
  const declared = routeOf(method, pattern).schema.multipart as MultipartForm | undefined;
  if (!declared) throw new Error(`${method} ${pattern} declares no multipart form`);
  const sent = new Set([...Object.keys(form.fields), ...form.files.map((f) => f.field ?? 'files')]);
  expect([...sent].sort(), `${pattern}: the declared fields, all of them`).toEqual(
    formFieldNames(declared).sort(),
  );
  const { body, headers } = multipart(form.fields, form.files);
  return call(t, method, url, { body, headers });
}

/** The `done` event of a streamed answer, which parses with the route's JSON answer. */
async function streamed(t: SuiteApp, url: string, body: unknown, token?: string) {
  const res = await call(t, 'POST', url, { body, token, headers: { accept: EVENT_STREAM } });
  expect(mediaType(res.headers['content-type'])).toBe(EVENT_STREAM);
  expect(res.raw).toMatch(/^event: meta\n/);
  const done = /event: done\ndata: (.*)\n/.exec(res.raw);
  expect(done, res.raw.slice(-300)).not.toBeNull();
  const json = successAnswer(routeOf('POST', url))?.json;
  const parsed = json?.safeParse(JSON.parse(done?.[1] ?? 'null'));
  expect(parsed?.success, JSON.stringify(parsed?.error?.issues)).toBe(true);
}

describeApi('live API documentation of forms, files and event streams', (t) => {
  it('when the document is read, then each multipart form shows its declared text and file fields', async () => {
    const doc = await readDocument(t);
    const forms = routes.filter((r) => r.schema.multipart);
    expect(forms.length).toBeGreaterThanOrEqual(4);
    for (const route of forms) {
      const form = route.schema.multipart as MultipartForm;
      const key = `${route.method} ${route.url}`;
      const op = operationOf(doc, route);
      expect(Object.keys(op.requestBody?.content ?? {}), key).toEqual(['multipart/form-data']);
      const shown = op.requestBody?.content['multipart/form-data'].schema as {
        properties: Record<string, unknown>;
        required: string[];
      };
      expect(Object.keys(shown.properties).sort(), key).toEqual(formFieldNames(form).sort());
      for (const [name, file] of Object.entries(form.files)) {
        expect(shown.properties[name], `${key} field ${name}`).toEqual(
          file.many ? { type: 'array', items: binary } : binary,
        );
        expect(shown.required.includes(name), `${key} field ${name} required`).toBe(!file.optional);
      }
    }
  });

  it('when the document is read, then each file answer lists its declared types as binary, and each event stream its JSON form too', async () => {
    const doc = await readDocument(t);
    const files = routes.filter((r) => fileTypes(r).length > 0);
    const streams = routes.filter((r) => successAnswer(r)?.types.includes(EVENT_STREAM));
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect(streams.length).toBeGreaterThanOrEqual(4);
    for (const route of files) {
      const answer = successAnswer(route);
      const content = operationOf(doc, route).responses[String(answer?.status)].content ?? {};
      const key = `${route.method} ${route.url}`;
      expect(Object.keys(content), key).toEqual(fileTypes(route).map(mediaType));
      for (const media of Object.values(content)) expect(media.schema, key).toEqual(binary);
    }
    for (const route of streams) {
      const content = operationOf(doc, route).responses['200'].content ?? {};
      expect(Object.keys(content).sort()).toEqual(['application/json', EVENT_STREAM]);
      expect(content['application/json'].schema).toMatchObject({ type: 'object' });
      expect(content[EVENT_STREAM].schema).toMatchObject({ type: 'string' });
    }
  });

  it('when a document and SOPs are uploaded with their declared fields, then each field is read and each file comes back with a declared type', async () => {
    const department = await addDepartment(t);
    const content = 'city,animal\nLisbon,pangolin\nPorto,ibex\n';
    const sent = await upload(t, 'POST', '/api/upload/docs', '/api/upload/docs', {
      fields: { department_id: String(department), advanced_training: 'true', need_summary: 'yes' },
      files: [{ name: 'docs-animals.csv', content, type: 'text/csv', field: 'files' }],
    });
    expect(sent.body.items[0].status_code, sent.raw).toBe(201);
    const id = sent.body.items[0].document_id as number;
    // Each text field was read under its declared name: none of them is the default.
    expect(await waitForDocument(t, t.admin, id)).toMatchObject({
      status: 'ready',
      department_id: department,
      advanced_training: true,
      need_summary: true,
    });
    const pdf = await download(t, 'GET', `/api/download/${id}`, '/api/download/:id');
    expect(mediaType(pdf.headers['content-type'])).toBe('application/pdf');
    const original = '/api/upload/documents/:id/download';
    const file = await download(t, 'GET', `/api/upload/documents/${id}/download`, original);
    expect(file.raw).toBe(content);

    const clientId = await addClient(t, t.admin, 'Docsfiles');
    const created = await upload(t, 'POST', '/api/sop/documents', '/api/sop/documents', {
      fields: {
        department_id: '1',
        client_id: String(clientId),
        industry: 'Retail',
        product_type: 'Textiles',
      },
      files: [
        { ...sopFile('docs-sop.pdf'), field: 'files' },
        { ...sopFile('docs-ref.pdf'), field: 'reference_files' },
      ],
    });
    const sop = created.body.items[0];
    expect(sop).toMatchObject({ client_id: clientId, industry: 'Retail' });
    const replaced = await upload(
      t,
      'PUT',
      `/api/sop/documents/update/${sop.id}`,
      '/api/sop/documents/update/:id',
      { fields: {}, files: [{ ...sopFile('docs-sop-v2.pdf'), field: 'file' }] },
    );
    expect(replaced.body.versions).toHaveLength(2);
    const reference = '/api/sop/documents/reference';
    const added = await upload(t, 'POST', reference, reference, {
      fields: { document_id: String(sop.id) },
      files: [{ ...sopFile('docs-ref-2.pdf'), field: 'reference_files' }],
    });
    expect(added.body.references).toHaveLength(2);
    await download(t, 'GET', `/api/sop/documents/${sop.id}`, '/api/sop/documents/:id');
    const referenceFile = '/api/sop/documents/references/:id';
    await download(
      t,
      'GET',
      `/api/sop/documents/references/${sop.references[0].id}`,
      referenceFile,
    );

    const generated = await call(t, 'POST', '/api/sop/checklists', { body: seaShipment(sop.id) });
    const exportChecklist = '/api/sop/export_checklist';
    const report = '/api/reports/analytics/export/';
    for (const type of ['pdf', 'csv', 'xlsx']) {
      const body = { checklist_id: generated.body.id, export_type: type };
      await download(t, 'POST', `${exportChecklist}?lng=en`, exportChecklist, body);
      await download(t, 'GET', `${report}?export_format=${type}`, report);
    }

    await addDocumentRow(t, {
      departmentId: 1,
      name: 'regional_sales.xlsx',
      type: 'xlsx',
      tables: [SALES_TABLE],
    });
    const chart = { query: 'Show me a chart of revenue by region' };
    const visual = '/api/chat/generate_visual';
    const svg = await download(t, 'POST', visual, visual, chart);
    expect(mediaType(svg.headers['content-type'])).toBe('image/svg+xml');
  });

  it('when the assistant and a chat widget are asked with Accept: text/event-stream, then they stream events whose done event is the declared JSON answer', async () => {
    const question = { query: 'Who logs the albatross sightings?', department_id: 1 };
    for (const url of ['/api/chat/stuff', '/api/chat/stuff-v2', '/api/chat/stuff-v3'])
      await streamed(t, url, question);
    const widget = await createWidget(t, t.admin);
    const visitor = (await visitorOf(t, widget.client_id)).access_token as string;
    await streamed(t, '/api/service-agent/me/chat', { query: 'When is the shop open?' }, visitor);
  });
});
