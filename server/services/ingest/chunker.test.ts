import { describe, expect, it } from 'vitest';
import { splitSentences } from '../text/sentences';
import { chunkDocument } from './chunker';
import { sourcePosition, type ExtractedDocument, type ExtractedSection } from './types';

const doc = (sections: ExtractedSection[]): ExtractedDocument => ({
  sections,
  tables: [],
  pageCount: 1,
  title: null,
});

/** Numbered sentences, so a test can tell which ones a chunk holds. */
const sentences = (n: number) =>
  Array.from({ length: n }, (_, i) => `Sentence number ${i + 1} talks about the warehouse rules.`);

describe('chunkDocument', () => {
  it('when a page is longer than a chunk, then chunks stay under the size, end at sentence ends and overlap', () => {
    const text = sentences(40).join(' ');
    const chunks = chunkDocument(doc([{ text, position: sourcePosition({ page: 7 }) }]), {
      size: 300,
      overlap: 80,
    });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(300);
      expect(chunk.text).toMatch(/^Sentence number \d+ .*rules\.$/);
      expect(chunk.position.page).toBe(7);
    }
    expect(chunks.map((c) => c.ordinal)).toEqual(chunks.map((_, i) => i));
    // Each next chunk starts with the last sentence of the previous one.
    for (let i = 1; i < chunks.length; i++) {
      const last = splitSentences(chunks[i - 1].text).at(-1) as string;
      expect(chunks[i].text.startsWith(last)).toBe(true);
    }
    // Nothing is lost: every sentence is in some chunk.
    for (const s of sentences(40)) expect(chunks.some((c) => c.text.includes(s))).toBe(true);
  });

  it('when chunks are cut, then a chunk never spans two pages or two headings', () => {
    const chunks = chunkDocument(
      doc([
        { text: 'Page one is short.', position: sourcePosition({ page: 1 }) },
        { text: 'Page two is short too.', position: sourcePosition({ page: 2 }) },
        { text: 'Rules for visitors.', position: sourcePosition({ heading: 'Safety' }) },
      ]),
    );
    expect(chunks.map((c) => [c.text, c.position.page, c.position.heading])).toEqual([
      ['Page one is short.', 1, null],
      ['Page two is short too.', 2, null],
      ['Rules for visitors.', null, 'Safety'],
    ]);
  });

  it('when sheet rows are chunked, then whole rows are packed and the chunk gives its row range per sheet', () => {
    const rows = (sheet: string, from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        text: `Name: Person ${from + i}; Role: clerk number ${from + i} in the office`,
        position: sourcePosition({ sheet, row_start: from + i, row_end: from + i }),
      }));
    const chunks = chunkDocument(doc([...rows('Sales', 2, 30), ...rows('Staff', 2, 3)]), {
      size: 400,
      overlap: 100,
    });
    const sales = chunks.filter((c) => c.position.sheet === 'Sales');
    expect(sales.length).toBeGreaterThan(2);
    expect(sales[0].position.row_start).toBe(2);
    expect(sales.at(-1)?.position.row_end).toBe(31);
    for (let i = 1; i < sales.length; i++)
      expect(sales[i].position.row_start).toBe((sales[i - 1].position.row_end as number) + 1);
    for (const c of sales) {
      const lines = c.text.split('\n');
      expect(lines).toHaveLength(
        (c.position.row_end as number) - (c.position.row_start as number) + 1,
      );
      expect(c.text.length).toBeLessThanOrEqual(400);
    }
    expect(chunks.filter((c) => c.position.sheet === 'Staff').map((c) => c.position)).toEqual([
      sourcePosition({ sheet: 'Staff', row_start: 2, row_end: 4 }),
    ]);
  });

  it('when a sentence has no end or a word is longer than a chunk, then it is still cut under the size', () => {
    const long = `${'word '.repeat(400)}${'x'.repeat(1200)}`;
    const chunks = chunkDocument(doc([{ text: long, position: sourcePosition({ page: 1 }) }]), {
      size: 200,
      overlap: 50,
    });
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(200);
    expect(
      chunks
        .map((c) => c.text)
        .join('')
        .replace(/\s/g, '').length,
    ).toBeGreaterThanOrEqual(long.replace(/\s/g, '').length);
  });

  it("when a section's lines are hard (list items, table rows), then each stays a sentence of its own; a pdf's wrapped lines join", () => {
    const items =
      'Name: smallint; Range: -32768 to +32767\nName: integer; Range: -2147483648 to +2147483647';
    const [hard] = chunkDocument(
      doc([
        { text: items, position: sourcePosition({ heading: 'Numeric Types' }), hardLines: true },
      ]),
    );
    expect(splitSentences(hard.text)).toEqual([
      'Name: smallint; Range: -32768 to +32767',
      'Name: integer; Range: -2147483648 to +2147483647',
    ]);
    const [wrapped] = chunkDocument(
      doc([{ text: 'The archive is kept\nfor ten years.', position: sourcePosition({ page: 2 }) }]),
    );
    expect(wrapped.text).toBe('The archive is kept for ten years.');
  });

  it('when sections are empty or blank, then no empty chunk is made', () => {
    expect(chunkDocument(doc([{ text: '  \n ', position: sourcePosition({ page: 1 }) }]))).toEqual(
      [],
    );
  });
});
