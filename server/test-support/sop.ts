/** Helpers for SOP API tests: a client, an uploaded SOP, a generated checklist. */
import { multipart, type FilePart } from './knowledge';
import { sopPdf } from './sop-fixture';
import type { TestApp } from './test-app';

export async function addClient(t: TestApp, token: string, name = 'Acme'): Promise<number> {
  const res = await t.api('POST', `/api/sop/clients/${encodeURIComponent(name)}`, { token });
  if (res.status !== 201 && res.status !== 200) throw new Error(`client: ${res.status} ${res.raw}`);
  return res.body.id as number;
}

export function uploadSop(
  t: TestApp,
  token: string,
  fields: Record<string, string>,
  files: FilePart[],
  url = '/api/sop/documents',
  method: 'POST' | 'PUT' = 'POST',
) {
  const { body, headers } = multipart(fields, files);
  return t.api(method, url, { token, body, headers });
}

export const sopFile = (name = 'export-sop.pdf', content: Buffer = sopPdf()): FilePart => ({
  name,
  content,
  type: 'application/pdf',
});

/** An SOP uploaded by `token` into department 1 for a new client; its document. */
export async function createSop(t: TestApp, token: string, extra: FilePart[] = []) {
  const clientId = await addClient(t, token);
  const res = await uploadSop(
    t,
    token,
    {
      department_id: '1',
      client_id: String(clientId),
      industry: 'Retail',
      product_type: 'Textiles',
    },
    [sopFile(), ...extra],
  );
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.raw}`);
  return res.body.items[0] as {
    id: number;
    references: { id: number }[];
    versions: { id: number }[];
  };
}

export const seaShipment = (sopId: number) => ({
  sop_doc_id: sopId,
  name: 'Shanghai to Hamburg',
  from_location: 'CN',
  to_location: 'DE',
  shipment_mode: 'sea',
  start_date: '2026-12-01',
  end_date: '2026-12-20',
});
