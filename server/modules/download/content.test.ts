import { describe, expect, it } from 'vitest';
import { sourcePosition } from '../../services/ingest/types';
import { layoutWords, sectionBlocks, sectionNotes, sitemapBlocks, sitemapNotes } from './content';

const section = (text: string) => ({ text, position: sourcePosition() });

describe('source notes', () => {
  it('when a document has no text, then the viewer is told no_text and the pdf holds only its title', () => {
    expect(sectionNotes([])).toEqual([{ code: 'no_text', params: {} }]);
    expect(sectionBlocks('empty.docx', [])).toEqual([{ kind: 'title', text: 'empty.docx' }]);
  });

  it('when a document has more parts than are laid out, then the note says how many are shown', () => {
    const many = Array.from({ length: 20_001 }, (_, i) => section(`part ${i}`));
    expect(sectionNotes(many)).toEqual([{ code: 'parts_truncated', params: { count: '20000' } }]);
    const blocks = sectionBlocks('huge.csv', many);
    expect(blocks.filter((b) => b.kind === 'text')).toHaveLength(20_000);
    expect(blocks.some((b) => b.kind === 'note')).toBe(false);
    expect(sectionNotes(many.slice(0, 3))).toEqual([]);
  });

  it('when a sitemap is shown, then the note counts its pages and the pdf lists them without English', () => {
    const pages = [
      { name: 'https://example.org/a', status: 'ready' },
      { name: 'https://example.org/b', status: 'ready' },
    ];
    expect(sitemapNotes(pages)).toEqual([{ code: 'sitemap_pages', params: { count: '2' } }]);
    expect(sitemapBlocks('map', pages).map((b) => ('text' in b ? b.text : b.kind))).toEqual([
      'map',
      'https://example.org/a',
      'https://example.org/b',
    ]);
  });

  it('when a page of a sitemap in an Arabic console is not read yet, then its state is said in Arabic', () => {
    const pages = [
      { name: 'https://example.org/a', status: 'ready' },
      { name: 'https://example.org/b', status: 'failed' },
    ];
    const texts = sitemapBlocks('map', pages, layoutWords('ar')).map((b) =>
      'text' in b ? b.text : b.kind,
    );
    expect(texts).toEqual([
      'map',
      'https://example.org/a',
      'https://example.org/b  (تعذّرت قراءتها)',
    ]);
  });
});
