import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { checklistSchema } from '../../../contract/sop';
import { createSop, seaShipment } from '../../test-support/sop';
import { describeApi, TEST_API_KEY } from '../../test-support/test-app';
import { createWidget, visitorOf } from '../../test-support/widgets';
import { csvQuoted, csvText } from './csv-cell';

/** The payload a widget visitor typed: harmless with `,`, a formula for a `;` reader. */
const PAYLOAD = "x;=cmd|' /C calc'!A0;";
const FORMULA = /^[=+\-@\t\r]/;

/**
 * Every cell a spreadsheet could make of `csv`: read as written (`,`, quotes honoured), and
 * split at every separator and line break, as a reader set to `;` or tab, or re-splitting a
 * column, may do; such a piece may open with a quote that the reader takes off (a doubled one
 * is a quote of the text). Blanks a reader may trim are trimmed.
 */
function cellsOf(csv: string): string[] {
  const asWritten: string[][] = parse(csv, { bom: true, relax_column_count: true });
  const pieces = csv
    .replace(/^\uFEFF/, '')
    .split(/[,;\t\r\n]/)
    .map((piece) => piece.trimStart().replace(/^"(?!")/, ''));
  return [...asWritten.flat(), ...pieces].map((cell) => cell.trimStart());
}

describe('csv cells', () => {
  it('when text holds a formula after a separator or line break, then it is quoted and that part neutralised', () => {
    expect(csvText(PAYLOAD)).toBe(`"x;'=cmd|' /C calc'!A0;"`);
    expect(csvText('a,+1')).toBe(`"a,'+1"`);
    expect(csvText('a\t@SUM(1)')).toBe(`"a\t'@SUM(1)"`);
    expect(csvText('line\r\n-2+3')).toBe(`"line\r\n'-2+3"`);
    expect(csvText('a;  =1')).toBe(`"a;  '=1"`);
    expect(csvText('  =1')).toBe(`'  =1`);
    expect(csvText('\t1')).toBe(`"'\t1"`);
    expect(csvText('a;b')).toBe('"a;b"');
    expect(csvText('well-known e-mail')).toBe('well-known e-mail');
    expect(csvQuoted('-3')).toBe('-3');
    expect(csvText('a;"=1"')).toBe(`"a;""'=1"""`);
    for (const text of [PAYLOAD, 'a,+1', 'a;  =1', 'x\n=1', '"=1";=2', 'a;"=1"'])
      expect(cellsOf(csvText(text)).filter((c) => FORMULA.test(c))).toEqual([]);
  });
});

describeApi('csv exports with formulas in visitors’ and users’ text', (t) => {
  it('when a widget visitor asked a question with a formula after a `;`, then no cell of the analytics csv starts a formula, read with `;`', async () => {
    const widget = await createWidget(t, t.admin);
    const visitor = await visitorOf(t, widget.client_id);
    const asked = await t.api('POST', '/api/service-agent/me/chat', {
      token: visitor.access_token,
      body: { query: PAYLOAD },
    });
    expect(asked.status, asked.raw).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports/analytics/export/?start_date=${today}&end_date=${today}&export_format=csv`,
      headers: { 'x-api-key': TEST_API_KEY, authorization: `Bearer ${t.admin}` },
    });
    expect(res.statusCode).toBe(200);
    const csv = res.rawPayload.toString('utf8');
    expect(cellsOf(csv).filter((c) => FORMULA.test(c))).toEqual([]);
    // The question is there, as the intents' example, but as text only.
    expect(csv).toContain(`"x;'=cmd|' /C calc'!A0;"`);
  });

  it('when a checklist item holds a formula after a `;`, then no cell of the checklist csv starts a formula, read with `;`', async () => {
    const sop = await createSop(t, t.admin);
    const created = checklistSchema.parse(
      (await t.api('POST', '/api/sop/checklists', { token: t.admin, body: seaShipment(sop.id) }))
        .body,
    );
    const saved = await t.api('POST', '/api/sop/save_checklist', {
      token: t.admin,
      body: {
        checklist_id: created.id,
        checklist_data: {
          items: [{ id: created.items[0].id, owner: PAYLOAD, note: 'seal;+1,@SUM(A1)' }],
        },
      },
    });
    expect(saved.status, saved.raw).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sop/export_checklist?lng=en',
      headers: { 'x-api-key': TEST_API_KEY, authorization: `Bearer ${t.admin}` },
      payload: { checklist_id: created.id, export_type: 'csv' },
    });
    expect(res.statusCode).toBe(200);
    const csv = res.rawPayload.toString('utf8');
    expect(cellsOf(csv).filter((c) => FORMULA.test(c))).toEqual([]);
    expect(csv).toContain(`"x;'=cmd|' /C calc'!A0;"`);
  });
});
