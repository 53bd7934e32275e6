import { describe, expect, it } from 'vitest';
import { cleanPdfPages } from './pdf-pages';

const page = (n: number, body: string[]) =>
  [
    n % 2 ? 'GNU libtasn1 Reference Manual' : `Chapter 2: Installation ${n}`,
    ...body,
    `Page ${n} of 40`,
  ].join('\n');

describe('pdf page clean-up', () => {
  it('when a title, a chapter head and page numbers repeat at the page edges, then they are removed and the body stays', () => {
    const pages = [1, 2, 3, 4, 5, 6].map((n) =>
      page(n, [`Body line one of page ${n}.`, 'The GNU libtasn1 Reference Manual explains it.']),
    );
    const cleaned = cleanPdfPages(pages, [1, 2, 3, 4, 5, 6]);
    for (const [i, text] of cleaned.entries()) {
      expect(text).toBe(
        `Body line one of page ${i + 1}.\nThe GNU libtasn1 Reference Manual explains it.`,
      );
    }
  });

  it('when each chapter heads only two pages but every head shows the printed page number, then the heads go', () => {
    const chapters = ['Syntax', 'Syntax', 'Utilities', 'Utilities', 'Reference', 'Reference'];
    // The printed numbers start after two unnumbered pages: pdf page 3 is printed page 1.
    const pages = chapters.map((title, i) =>
      [
        `Chapter ${i}: ${title} ${i + 1}`,
        `Text of page ${i + 3} about ${title}.`,
        `Closing words, part ${'abcdef'[i]}.`,
      ].join('\n'),
    );
    const cleaned = cleanPdfPages(pages, [3, 4, 5, 6, 7, 8]);
    expect(cleaned).toEqual(
      chapters.map(
        (title, i) => `Text of page ${i + 3} about ${title}.\nClosing words, part ${'abcdef'[i]}.`,
      ),
    );
  });

  it('when a line repeats on only two pages, or inside the body, then it is kept', () => {
    const cleaned = cleanPdfPages(
      [
        'Preface\nText one.\nShared body line\nMore text.\nEnd one.',
        'Preface\nText two.\nShared body line\nMore text.\nEnd two.',
        'Other head\nText three.\nShared body line\nMore text.\nEnd three.',
      ],
      [1, 2, 3],
    );
    expect(cleaned[0]).toContain('Preface');
    expect(cleaned[2]).toContain('Shared body line');
  });

  it('when a word is hyphenated at a line end, then it is joined where the joined word is a word and keeps its hyphen otherwise', () => {
    const [text] = cleanPdfPages(
      [
        [
          'These commands are listed below. Run the com-',
          'mands in order. The parser is built-',
          'in and supports x86-',
          'qwzk targets.',
        ].join('\n'),
      ],
      [1],
    );
    expect(text).toContain('Run the commands in order.');
    expect(text).toContain('built-in');
    expect(text).toContain('x86-qwzk');
    expect(text).not.toMatch(/- \p{L}/u);
  });
});
