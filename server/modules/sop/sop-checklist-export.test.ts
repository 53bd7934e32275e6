import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { checklistSchema } from '../../../contract/sop';
import { pdfItems, pdfText } from '../../test-support/pdf-text';
import { createSop, seaShipment } from '../../test-support/sop';
import { describeApi } from '../../test-support/test-app';

/** Checklist exports read back: the Arabic pdf's layout, the header, due dates. */
describeApi('SOP checklist exports', (t) => {
  async function checklist() {
    const sop = await createSop(t, t.admin);
    const created = checklistSchema.parse(
      (await t.api('POST', '/api/sop/checklists', { token: t.admin, body: seaShipment(sop.id) }))
        .body,
    );
    const first = created.items[0];
    const saved = await t.api('POST', '/api/sop/save_checklist', {
      token: t.admin,
      body: {
        checklist_id: created.id,
        checklist_data: {
          items: [{ id: first.id, owner: 'Ana Lopez', due_date: '2026-12-02', note: 'EORI DE123' }],
        },
      },
    });
    expect(saved.status).toBe(200);
    return created;
  }
  const exportAs = (id: number, query: string, export_type = 'pdf') =>
    t.app.inject({
      method: 'POST',
      url: `/api/sop/export_checklist?${query}`,
      headers: { 'x-api-key': 'test-api-key-123', authorization: `Bearer ${t.admin}` },
      payload: { checklist_id: id, export_type },
    });

  it('when a checklist is exported as an Arabic pdf, then dates, page numbers and Latin words read the right way round and the lines are right-aligned', async () => {
    const created = await checklist();
    const pdf = await exportAs(created.id, 'lng=ar');
    expect(pdf.statusCode).toBe(200);
    const runs = await pdfItems(pdf.rawPayload);
    const text = runs.map((r) => r.text).join('\n');
    expect(text).toContain('2026-12-01 – 2026-12-20');
    // pdf.js reorders the digit groups of a date inside an Arabic run when it reads text back
    // ("02-12-2026"); what the page shows is "2026-12-02" (render/bidi.test.ts): no year backwards.
    expect(text).not.toContain('6202');
    expect(text).toContain('export-sop.pdf');
    expect(text).toContain('Acme');
    expect(text).toContain('Ana Lopez');
    expect(text).toContain('EORI DE123');
    expect(text).not.toMatch(/zepoL anA|fdp\.pos-tropxe/);
    const pageRun = runs.find((r) => r.text.includes('Ana Lopez'))!;
    expect(pageRun.text).toMatch(/^الصفحة 1 · /);
    // Right-aligned: every line of the header and the items ends at the right margin.
    const margin = (r: (typeof runs)[number]) => r.pageWidth - r.right;
    const header = runs.find((r) => r.text.includes('2026-12-01'))!;
    expect(margin(header)).toBeCloseTo(48, 0);
    expect(margin(pageRun)).toBeCloseTo(48 + 20, 0);
    const item = runs.find((r) => r.text.includes('commercial invoice'))!;
    expect(margin(item)).toBeCloseTo(48 + 20, 0);
    expect(item.left).toBeGreaterThan(48 + 20 - 1);
  });
  it('when a checklist is exported, then the pdf header holds client, route, mode and dates, and the saved due date is a date cell in the xlsx', async () => {
    const created = await checklist();
    const reread = checklistSchema.parse(
      (await t.api('GET', `/api/sop/checklists/${created.id}`, { token: t.admin })).body,
    );
    expect(reread.items[0].due_date).toBe('2026-12-02');
    const text = (await pdfText((await exportAs(created.id, 'lng=en')).rawPayload)).replace(
      /\s+/g,
      ' ',
    );
    expect(text).toContain('Client: Acme');
    expect(text).toContain('Route: China → Germany');
    expect(text).toContain('Shipment mode: Sea');
    expect(text).toContain('Dates: 2026-12-01 – 2026-12-20');
    expect(text).toContain('Due date: 2026-12-02');
    const header = text.slice(0, text.indexOf('1. General Requirements'));
    for (const part of ['Client', 'Route', 'Shipment mode', 'Dates'])
      expect(header).toContain(part);

    const xlsx = await exportAs(created.id, 'lng=en', 'xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    let due: ExcelJS.Cell | undefined;
    sheet.eachRow((row) => {
      if (String(row.getCell(2).value).startsWith('The shipper must prepare')) due = row.getCell(7);
    });
    expect(due?.type).toBe(ExcelJS.ValueType.Date);
    expect((due?.value as Date).toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(due?.numFmt).toBe('yyyy-mm-dd');
  });
});
