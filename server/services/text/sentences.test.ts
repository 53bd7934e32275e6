import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../ingest/chunker';
import { splitSentences } from './sentences';

/** Tokens with dots, slashes, versions and URLs, as real manuals write them. */
const DOTTED = [
  'libtasn1.h',
  './configure',
  'https://www.gnu.org/software/libtasn1/manual/html_node/index.html',
  '3.0.1',
  'v2.14',
  '/etc/apt/sources.list.d',
  'e.g.',
  'i.e.',
  'asn1_create_element()',
  'file.tar.gz',
  '1.5',
];

describe('sentences and chunks keep tokens whole', () => {
  it('when a text holds dotted tokens, versions, paths and URLs, then no sentence cut falls inside one', () => {
    const text =
      'Include libtasn1.h before calling asn1_create_element(). Run ./configure, then make. ' +
      'The manual is at https://www.gnu.org/software/libtasn1/manual/html_node/index.html for details. ' +
      'Version 3.0.1 replaced v2.14 in 2024! Files in /etc/apt/sources.list.d are read, e.g. this one, ' +
      'i.e. every file. Unpack file.tar.gz? It weighs 1.5 MB.';
    const sentences = splitSentences(text);
    expect(sentences).toEqual([
      'Include libtasn1.h before calling asn1_create_element().',
      'Run ./configure, then make.',
      'The manual is at https://www.gnu.org/software/libtasn1/manual/html_node/index.html for details.',
      'Version 3.0.1 replaced v2.14 in 2024!',
      'Files in /etc/apt/sources.list.d are read, e.g. this one, i.e. every file.',
      'Unpack file.tar.gz?',
      'It weighs 1.5 MB.',
    ]);
    for (const token of DOTTED) expect(sentences.join(' ')).toContain(token);
  });

  it('when abbreviations, initials and quotes end in a dot, then only real ends cut', () => {
    expect(splitSentences('Dr. Lee met J. Smith. He said "done." Then No. 5 won.')).toEqual([
      'Dr. Lee met J. Smith.',
      'He said "done."',
      'Then No. 5 won.',
    ]);
    expect(splitSentences('第一句。第二句！')).toEqual(['第一句。', '第二句！']);
    // Dotless Latin abbreviations as manuals write them (Valgrind: "much slower (eg. 20 to 30").
    expect(
      splitSentences('It runs slower (eg. 20 to 30 times) than normal. Kadatch et al. show why.'),
    ).toEqual(['It runs slower (eg. 20 to 30 times) than normal.', 'Kadatch et al. show why.']);
  });

  it('when a long page is chunked, then every dotted token is whole in some chunk and none is broken', () => {
    const sentence =
      'See libtasn1.h and ./configure, fetch https://example.org/a/b.html, use version 3.0.1 (e.g. on /usr/lib/x86_64-linux-gnu).';
    const text = Array.from({ length: 30 }, () => sentence).join(' ');
    const chunks = chunkDocument(
      {
        sections: [
          {
            text,
            position: { page: 1, sheet: null, row_start: null, row_end: null, heading: null },
          },
        ],
        tables: [],
        pageCount: 1,
        title: null,
      },
      { size: 300, overlap: 80 },
    );
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.text).not.toMatch(/\. (h|html|\/configure|0\.1|1|g\.)\b/);
      expect(chunk.text).not.toMatch(/libtasn1\. |e\. g\./);
    }
    for (const token of ['libtasn1.h', './configure', 'https://example.org/a/b.html', '3.0.1'])
      expect(chunks.some((c) => c.text.includes(token))).toBe(true);
  });
});
