import { expect, it } from 'vitest';
import { checklistSchema } from '../../../contract/sop';
import { pdfRuns } from '../../test-support/pdf-lines';
import { createSop, seaShipment } from '../../test-support/sop';
import { describeApi } from '../../test-support/test-app';

/** Checklist exports read back (issue 15): the Arabic pdf's layout, the header, due dates. */
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
    const runs = await pdfRuns(pdf.rawPayload);
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
});
