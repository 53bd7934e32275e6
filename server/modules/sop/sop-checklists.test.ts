import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { checklistSchema } from '../../../contract/sop';
import { extractDocument } from '../../services/ingest';
import { buildPdf } from '../../test-support/fixtures/pdf-writer';
import { personWith } from '../../test-support/identity';
import { addClient, createSop, seaShipment, sopFile, uploadSop } from '../../test-support/sop';
import { AIR_ONLY, SEA_TO_GERMANY } from '../../test-support/sop-fixture';
import { describeApi } from '../../test-support/test-app';

/** Checklists: generation from a known SOP, editing with versions, every export. */
describeApi('SOP checklists', (t) => {
  const generate = (body: object, token = t.admin) =>
    t.api('POST', '/api/sop/checklists', { token, body });

  it('when a sea shipment to Germany is generated, then it holds the sea and general requirements with pages and none of the air-only ones', async () => {
    const sop = await createSop(t, t.admin);
    const res = await generate(seaShipment(sop.id));
    expect(res.status).toBe(201);
    const checklist = checklistSchema.parse(res.body);
    expect(checklist).toMatchObject({
      status: 'draft',
      engine: 'builtin',
      version: 1,
      client_name: 'Acme',
    });
    expect(checklist.items.map((i) => [i.section, i.page])).toEqual(
      SEA_TO_GERMANY.map((e) => [e.section, e.page]),
    );
    checklist.items.forEach((item, n) =>
      expect(item.text.startsWith(SEA_TO_GERMANY[n].starts)).toBe(true),
    );
    for (const air of AIR_ONLY)
      expect(checklist.items.some((i) => i.text.startsWith(air))).toBe(false);
    expect(checklist.excluded.map((e) => [e.reason, e.applies_to, e.page])).toEqual([
      ['mode', ['air'], 3],
      ['mode', ['air'], 3],
      ['country', ['BR'], 4],
      ['mode', ['road'], 4],
    ]);
    const again = checklistSchema.parse((await generate(seaShipment(sop.id))).body);
    expect(again.items).toEqual(checklist.items);
    const air = checklistSchema.parse(
      (await generate({ ...seaShipment(sop.id), shipment_mode: 'air' })).body,
    );
    expect(air.items.filter((i) => i.section === '3. Air Freight')).toHaveLength(2);
    expect(air.items.some((i) => i.section === '2. Sea Freight')).toBe(false);
  });

  it('when the SOP states no requirements or the input is wrong, then it says so and nothing is made', async () => {
    const client = await addClient(t, t.admin, 'Plain');
    const plain = buildPdf([{ lines: ['About us', 'We are a small company from the north.'] }]);
    const up = await uploadSop(
      t,
      t.admin,
      {
        department_id: '1',
        client_id: String(client),
        industry: 'Retail',
        product_type: 'Textiles',
      },
      [sopFile('plain.pdf', plain)],
    );
    const res = await generate(seaShipment(up.body.items[0].id));
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/No requirements could be extracted/);
    const sop = await createSop(t, t.admin);
    const wrongMode = await generate({ ...seaShipment(sop.id), shipment_mode: 'pipeline' });
    expect(wrongMode.status).toBe(400);
    const backwards = await generate({ ...seaShipment(sop.id), end_date: '2026-11-01' });
    expect(backwards.body.fields).toContainEqual({
      path: 'end_date',
      message: 'sop:errors.endBeforeStart',
    });
    const list = await t.api('GET', `/api/sop/checklists?sop_doc_id=${sop.id}`, { token: t.admin });
    expect(list.body.total).toBe(0);
  });

  it('when items are ticked and saved, then the status follows, a version says who changed what, and the list filters find it', async () => {
    const sop = await createSop(t, t.admin);
    const created = checklistSchema.parse((await generate(seaShipment(sop.id))).body);
    const [first, second] = created.items;
    const save = (items: object[]) =>
      t.api('POST', '/api/sop/save_checklist', {
        token: t.admin,
        body: { checklist_id: created.id, checklist_data: { items } },
      });
    const saved = await save([
      { id: first.id, done: true, note: 'Invoice attached', owner: 'Ana', due_date: '2026-12-02' },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'in_progress', version: 2, done_count: 1 });
    expect(saved.body.items[0]).toMatchObject({
      done: true,
      note: 'Invoice attached',
      owner: 'Ana',
    });
    const versions = await t.api('GET', `/api/sop/checklists/${created.id}/versions`, {
      token: t.admin,
    });
    expect(versions.body.items[0]).toMatchObject({
      version: 2,
      changed_by: 'Default Administrator',
    });
    expect(versions.body.items[0].changes).toContainEqual({
      item: first.id,
      field: 'done',
      old: 'false',
      new: 'true',
    });
    const rest = created.items
      .slice(1)
      .map((i) => ({ id: i.id, not_applicable: i.id === second.id, done: i.id !== second.id }));
    expect((await save(rest)).body.status).toBe('complete');
    expect((await save([{ id: 'nope', done: true }])).status).toBe(400);
    const found = await t.api(
      'GET',
      `/api/sop/checklists?status=complete&shipment_mode=sea&from_location=cn&to_location=DE&start_date=2026-12-10&end_date=2026-12-11&checklist_id=${created.id}`,
      { token: t.admin },
    );
    expect(found.body.items.map((c: { id: number }) => c.id)).toEqual([created.id]);
    const notFound = await t.api(
      'GET',
      `/api/sop/checklists?checklist_id=${created.id}&start_date=2027-01-01`,
      { token: t.admin },
    );
    expect(notFound.body.total).toBe(0);
    const reopened = checklistSchema.parse(
      (await t.api('GET', `/api/sop/checklists/${created.id}`, { token: t.admin })).body,
    );
    expect(reopened.items[1].not_applicable).toBe(true);
  });

  it('when a checklist is exported as pdf, csv and xlsx, then each reads back with its items, and an unknown type is 400', async () => {
    const sop = await createSop(t, t.admin);
    const created = checklistSchema.parse((await generate(seaShipment(sop.id))).body);
    await t.api('POST', '/api/sop/save_checklist', {
      token: t.admin,
      body: {
        checklist_id: created.id,
        checklist_data: { items: [{ id: created.items[0].id, done: true, owner: '=cmd()' }] },
      },
    });
    const exportAs = (export_type?: string, lng = 'en') =>
      t.app.inject({
        method: 'POST',
        url: `/api/sop/export_checklist?lng=${lng}`,
        headers: { 'x-api-key': 'test-api-key-123', authorization: `Bearer ${t.admin}` },
        payload: { checklist_id: created.id, ...(export_type ? { export_type } : {}) },
      });
    const pdf = await exportAs();
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'sop-export-'));
    writeFileSync(join(dir, 'c.pdf'), pdf.rawPayload);
    const read = await extractDocument(join(dir, 'c.pdf'), 'pdf', { advancedTraining: false });
    if (!read.ok) throw new Error(read.reason);
    const text = read.doc.sections.map((s) => s.text).join('\n');
    expect(text).toContain('Shanghai to Hamburg');
    expect(text).toContain('2. Sea Freight');
    expect(text).toContain('The forwarder shall verify the container seal number');
    expect(text).toContain('Signature');
    const csv = (await exportAs('csv')).rawPayload.toString('utf8');
    expect(csv.startsWith('\ufeff')).toBe(true);
    expect(csv).toContain("'=cmd()");
    expect(csv).toContain(
      '"The shipper must prepare a commercial invoice for every shipment."'.replace(/"/g, ''),
    );
    const xlsx = await exportAs('xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const item = rows.find((r) => String(r[2]).startsWith('The shipper must prepare'));
    expect(item?.[3]).toBe(1);
    expect(item?.[8]).toBe(true);
    const german = (await exportAs('csv', 'de')).rawPayload.toString('utf8');
    expect(german).toContain('Deutschland');
    const unknown = await exportAs('docx');
    expect(unknown.statusCode).toBe(400);
  });

  it('when staff lack a right or the department, then generating, saving, exporting and deleting are refused', async () => {
    const sop = await createSop(t, t.admin);
    const created = checklistSchema.parse((await generate(seaShipment(sop.id))).body);
    const reader = await personWith(t, 1, 'Sop.LIST_VIEW');
    expect((await generate(seaShipment(sop.id), reader.token)).status).toBe(403);
    const body = { checklist_id: created.id, checklist_data: { items: [] } };
    expect(
      (await t.api('POST', '/api/sop/save_checklist', { token: reader.token, body })).status,
    ).toBe(403);
    expect(
      (await t.api('POST', '/api/sop/export_checklist', { token: reader.token, body })).status,
    ).toBe(403);
    expect(
      (await t.api('GET', `/api/sop/checklists/${created.id}`, { token: reader.token })).status,
    ).toBe(200);
    const deleter = await personWith(t, 1, 'Sop.LIST_VIEW', 'Sop.DELETE');
    const gone = await t.api('DELETE', '/api/sop/checklists', {
      token: deleter.token,
      body: { document_ids: [created.id] },
    });
    expect(gone.status).toBe(200);
    expect(
      (await t.api('GET', `/api/sop/checklists/${created.id}`, { token: t.admin })).status,
    ).toBe(404);
  });

  it('when the upload form and a checklist ask for their lookups, then departments follow Sop.ADD and the references are those of its SOP', async () => {
    const sop = await createSop(t, t.admin, [
      { ...sopFile('rates.pdf'), field: 'reference_files' },
    ]);
    const created = checklistSchema.parse((await generate(seaShipment(sop.id))).body);
    const refs = await t.api('GET', `/api/sop/checklists/references/${created.id}`, {
      token: t.admin,
    });
    expect(refs.body.items.map((r: { name: string }) => r.name)).toEqual(['rates.pdf']);
    const adder = await personWith(t, 1, 'Sop.LIST_VIEW', 'Sop.ADD');
    const mine = await t.api('GET', '/api/sop/departments', { token: adder.token });
    expect(mine.body.items.map((d: { id: number }) => d.id)).toEqual([1]);
    const reader = await personWith(t, 1, 'Sop.LIST_VIEW');
    expect((await t.api('GET', '/api/sop/departments', { token: reader.token })).status).toBe(403);
  });
});
