import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { getI18n } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths } from '@contract/api-paths';
import { chatApiPaths } from '@contract/chat';
import type { SourceNotes } from '@contract/knowledge';
import { apiUrl } from '@/test/handlers';
import arChat from '../../../public/locales/ar/chat.json';
import esChat from '../../../public/locales/es/chat.json';
import {
  answerFixture,
  ask,
  json,
  openChat,
  referenceFixture,
  stuffHandlers,
  stubObjectUrls,
} from './chat-test-kit';

/** The chat answers with one reference to document 41, whose notes are `notes`. */
function citing(notes: SourceNotes['notes']) {
  return [
    ...stuffHandlers(() => json(answerFixture({ references: [referenceFixture()] }))),
    http.get(
      apiUrl(chatApiPaths.download(41)),
      () =>
        new HttpResponse(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
          headers: { 'content-type': 'application/pdf' },
        }),
    ),
    http.get(apiUrl(apiPaths.downloadNotes(41)), () => json<SourceNotes>({ notes })),
  ];
}

/** Opens the cited source, then reads the console in `language` (the test kit speaks English). */
async function openSourceIn(language: 'es' | 'ar', notes: SourceNotes['notes']) {
  await openChat(citing(notes));
  const u = userEvent.setup();
  await ask(u, 'Which pages does the harbour site list?');
  await u.click(
    await screen.findByRole('button', { name: 'Open source [1] harbour-handbook.pdf' }),
  );
  await screen.findByTestId('source-notes');
  const i18n = getI18n();
  i18n.addResourceBundle(language, 'chat', language === 'es' ? esChat : arChat);
  await act(() => i18n.changeLanguage(language));
  return screen.getByTestId('source-notes');
}

beforeEach(() => {
  stubObjectUrls();
});
afterEach(async () => {
  await getI18n().changeLanguage('en');
});

describe('the source viewer’s notes', { timeout: 30_000 }, () => {
  it('when the server sends a sitemap note as a code, then a Spanish console says it in Spanish', async () => {
    const notes = await openSourceIn('es', [{ code: 'sitemap_pages', params: { count: '3' } }]);
    expect(notes).toHaveTextContent('Mapa del sitio con 3 páginas.');
    expect(notes).not.toHaveTextContent('Sitemap with');
  });

  it('when the count is two or eleven, then Arabic takes its own plural forms', async () => {
    const notes = await openSourceIn('ar', [
      { code: 'sitemap_pages', params: { count: '2' } },
      { code: 'parts_truncated', params: { count: '11' } },
    ]);
    expect(notes).toHaveTextContent('خريطة موقع بصفحتين.');
    expect(notes).toHaveTextContent('يُعرض أول 11 جزءًا فقط');
  });
});
