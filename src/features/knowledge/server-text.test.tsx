import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { KnowledgeDocument } from '@contract/knowledge';
import { formatNumber } from '@/lib/numbers';
import { createTestI18n } from '@/test/i18n-for-tests';
import deErrors from '../../../public/locales/de/errors.json';
import arKnowledge from '../../../public/locales/ar/knowledge.json';
import deKnowledge from '../../../public/locales/de/knowledge.json';
import esKnowledge from '../../../public/locales/es/knowledge.json';
import { documentColumns } from './document-columns';
import { documentFailureText, summaryText } from './server-text';
import { UploadedFiles } from './upload-file-list';
import type { UploadItem } from './upload-slice';

async function i18nIn(language: 'de' | 'es' | 'ar') {
  const i18n = createTestI18n();
  if (language === 'de') {
    i18n.addResourceBundle('de', 'knowledge', deKnowledge);
    i18n.addResourceBundle('de', 'errors', deErrors);
  } else if (language === 'es') i18n.addResourceBundle('es', 'knowledge', esKnowledge);
  else i18n.addResourceBundle('ar', 'knowledge', arKnowledge);
  await i18n.changeLanguage(language);
  return i18n;
}

const refused = (over: Partial<UploadItem>): UploadItem => ({
  id: over.name ?? 'x',
  name: 'x',
  size: 300,
  type: 'csv',
  progress: 100,
  status: 'Fail',
  message: null,
  documentId: null,
  ...over,
});

function failedDocument(over: Partial<KnowledgeDocument>): KnowledgeDocument {
  return {
    id: 7,
    name: 'bericht.docx',
    is_url: false,
    type: 'docx',
    size_bytes: 1200,
    department_id: 1,
    department_name: 'Allgemein',
    uploaded_by: null,
    uploaded_at: '2026-11-28T10:00:00.000Z',
    status: 'failed',
    error: 'English reason',
    error_text: null,
    soft_delete: false,
    advanced_training: false,
    need_summary: false,
    summary: null,
    page_count: null,
    chunk_count: 0,
    parent_id: null,
    last_fetched_at: null,
    ...over,
  };
}

describe('server texts of the knowledge area', () => {
  it('when the server refuses files with codes, then a German console says each reason in German', async () => {
    const i18n = await i18nIn('de');
    render(
      <I18nextProvider i18n={i18n}>
        <UploadedFiles
          items={[
            refused({
              name: 'copy.csv',
              message: '"copy.csv" is already in this department as "dup.csv".',
              code: 'duplicate',
              params: { name: 'copy.csv', existing: 'dup.csv' },
            }),
            refused({
              name: 'report.pdf',
              message: '"report.pdf" is not a PDF document: its content does not match.',
              code: 'content_mismatch',
              params: { name: 'report.pdf', ext: 'pdf' },
            }),
            refused({
              name: 'big.pdf',
              message: '"big.pdf" is larger than 1 MB, the most a file may have.',
              code: 'too_large',
              params: { name: 'big.pdf', max_mb: '1' },
            }),
            refused({ name: 'old.csv', message: 'An older server’s own words.' }),
          ]}
        />
      </I18nextProvider>,
    );
    const reasons = screen.getAllByTestId('upload-reason').map((r) => r.textContent);
    expect(reasons).toEqual([
      '„copy.csv“ ist in dieser Abteilung bereits als „dup.csv“ vorhanden.',
      '„report.pdf“ ist laut Endung vom Typ PDF-Dokument, sein Inhalt passt aber nicht dazu.',
      '„big.pdf“ ist größer als 1 MB, die Höchstgröße einer Datei.',
      'An older server’s own words.',
    ]);
  });

  it('when a document failed with a code, then the repository says it in German, sizes and types the German way', async () => {
    const i18n = await i18nIn('de');
    const t = i18n.getFixedT('de', 'knowledge');
    const status = documentColumns(t, 'de').find((c) => c.key === 'status')!;
    render(
      <I18nextProvider i18n={i18n}>
        {status.cell(
          failedDocument({
            error_text: {
              code: 'zip_bomb_part',
              params: {
                type: 'docx',
                part: 'word/document.xml',
                size_bytes: String(190 * 1024 * 1024),
                max_bytes: String(32 * 1024 * 1024),
              },
            },
          }),
        )}
      </I18nextProvider>,
    );
    expect(screen.getByTestId('document-error')).toHaveTextContent(
      'Die Datei (Word-Dokument (.docx)) wurde als Zip-Bombe abgewiesen: ihr Teil „word/document.xml“ gibt 190 MB an (höchstens 32 MB für einen Teil).',
    );
  });

  it('when a page could not be fetched or the reason has no code, then it reads the address text or the stored words', async () => {
    const de = await i18nIn('de');
    const t = de.getFixedT('de', 'knowledge');
    expect(
      documentFailureText(t, 'de', {
        error: 'https://example.org/a did not answer within 20 seconds.',
        error_text: {
          code: 'page_fetch',
          params: { web: 'timeout', address: 'https://example.org/a', seconds: '20' },
        },
      }),
    ).toBe(de.t('errors:webAddress.timeout', { address: 'https://example.org/a', seconds: '20' }));
    expect(documentFailureText(t, 'de', { error: 'Old English words.', error_text: null })).toBe(
      'Old English words.',
    );
    const es = await i18nIn('es');
    expect(
      documentFailureText(es.getFixedT('es', 'knowledge'), 'es', {
        error: 'No text was found in the file.',
        error_text: { code: 'nothing_found', params: {} },
      }),
    ).toBe('No se encontró texto en el archivo.');
  });

  it('when a sitemap’s summary comes as a code, then German and Arabic count its pages in their plural forms', async () => {
    const summary = (count: string, unreadable?: string) => {
      const params: Record<string, string> = unreadable ? { count, unreadable } : { count };
      return {
        summary: 'English summary',
        summary_text: {
          code: unreadable ? ('sitemap_pages_unreadable' as const) : ('sitemap_pages' as const),
          params,
        },
      };
    };
    const de = await i18nIn('de');
    const deT = de.getFixedT('de', 'knowledge');
    expect(summaryText(deT, 'de', summary('1'))).toBe('Sitemap mit einer Seite.');
    expect(summaryText(deT, 'de', summary('1200'))).toBe('Sitemap mit 1.200 Seiten.');
    const ar = await i18nIn('ar');
    const arT = ar.getFixedT('ar', 'knowledge');
    expect(summaryText(arT, 'ar', summary('2'))).toBe('خريطة موقع بصفحتين.');
    expect(summaryText(arT, 'ar', summary('5'))).toMatch(/^خريطة موقع تضم \S+ صفحات\.$/);
    expect(summaryText(arT, 'ar', summary('12', '3'))).toContain(
      `تعذّرت قراءة ${formatNumber(3, 'ar')} من خرائط المواقع المتداخلة`,
    );
    expect(summaryText(arT, 'ar', { summary: 'A written summary.', summary_text: null })).toBe(
      'A written summary.',
    );
  });
});
