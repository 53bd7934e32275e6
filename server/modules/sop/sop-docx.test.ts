import { expect, it } from 'vitest';
import { checklistSchema } from '../../../contract/sop';
import { buildDocx } from '../../test-support/fixtures/docx-writer';
import { pdfText } from '../../test-support/pdf-text';
import { addClient, seaShipment, uploadSop } from '../../test-support/sop';
import { describeApi, TEST_API_KEY } from '../../test-support/test-app';

/**
 * Checklists from a docx SOP: a docx has no pages, so its items carry no page (null,
 * and so no page link) and are known by their section, the docx's own headings.
 */
describeApi('SOP checklists from a docx', (t) => {
  it('when a checklist is generated from a docx SOP, then its items stand under the docx headings with no page, and the air-only ones are left out', async () => {
    const client = await addClient(t, t.admin, 'Docxco');
    const docx = buildDocx([
      { heading: 'General Rules' },
      { paragraph: 'The shipper must sign the packing list before pickup.' },
      { paragraph: 'Our company was founded in 1990.' },
      { heading: 'Sea Freight' },
      { paragraph: 'The forwarder shall verify the container seal number.' },
      { heading: 'Air Freight' },
      { paragraph: 'The forwarder must file the air waybill with the airline.' },
    ]);
    const up = await uploadSop(
      t,
      t.admin,
      {
        department_id: '1',
        client_id: String(client),
        industry: 'Retail',
        product_type: 'Textiles',
      },
      [{ name: 'ops.docx', content: docx, type: 'application/octet-stream' }],
    );
    expect(up.status).toBe(201);
    const sop = up.body.items[0];
    expect(sop.requirement_count).toBe(3);
    const res = await t.api('POST', '/api/sop/checklists', {
      token: t.admin,
      body: seaShipment(sop.id),
    });
    expect(res.status).toBe(201);
    const checklist = checklistSchema.parse(res.body);
    expect(checklist.items.map((i) => [i.section, i.page, i.text])).toEqual([
      ['General Rules', null, 'The shipper must sign the packing list before pickup.'],
      ['Sea Freight', null, 'The forwarder shall verify the container seal number.'],
    ]);
    expect(checklist.excluded).toEqual([
      expect.objectContaining({ section: 'Air Freight', page: null, reason: 'mode' }),
    ]);
    expect(checklist.sop_version).toBe(1);

    // The export names the section and prints no page for it.
    const pdf = await t.app.inject({
      method: 'POST',
      url: '/api/sop/export_checklist?lng=en',
      headers: { 'x-api-key': TEST_API_KEY, authorization: `Bearer ${t.admin}` },
      payload: { checklist_id: checklist.id },
    });
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Sea Freight');
    expect(text).not.toMatch(/Page \d/);
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/sop/export_checklist',
      headers: { 'x-api-key': TEST_API_KEY, authorization: `Bearer ${t.admin}` },
      payload: { checklist_id: checklist.id, export_type: 'csv' },
    });
    expect(csv.body).toContain(
      'Sea Freight,The forwarder shall verify the container seal number.,,',
    );
  });
});
