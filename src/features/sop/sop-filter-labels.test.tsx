import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { checklistSummary, fakeSopApi, sopDocument } from './sop-test-kit';

// Lazy page, session check and list calls chain up; a loaded 2-core machine can outlast 5 s.
configure({ asyncUtilTimeout: 15_000 });
beforeAll(() => import('@/app/sop-pages'));

/** The visible label with this text, and the field it names. */
function labelAndField(text: string) {
  const label = screen.getByText(text, { selector: 'label' });
  const field = screen.getByLabelText(text);
  return { label, field };
}

const follows = (later: Element, earlier: Element) =>
  Boolean(earlier.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('the SOP lists’ filter labels', { timeout: 60_000 }, () => {
  it('when the checklists are listed, then the SOP id, Checklist id and shipment date labels stand before their fields, and Shipments from comes before Shipments until', async () => {
    signInWithCookie();
    fakeSopApi({ checklists: [1].map(checklistSummary) });
    renderApp('/sop-repository?view=checklists');
    await screen.findAllByTestId('checklist-row');
    for (const text of ['SOP id', 'Checklist id', 'Shipments from', 'Shipments until']) {
      const { label, field } = labelAndField(text);
      expect(follows(field, label)).toBe(true);
    }
    expect(
      follows(screen.getByLabelText('Shipments until'), screen.getByLabelText('Shipments from')),
    ).toBe(true);
  });

  it('when Shipments from and until are set, then the checklists asked for are those from the first date (start_date) until the second (end_date)', async () => {
    signInWithCookie();
    const api = fakeSopApi({ checklists: [1].map(checklistSummary) });
    renderApp('/sop-repository?view=checklists');
    await screen.findAllByTestId('checklist-row');
    const lastQuery = () =>
      api.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/checklists')).at(-1)
        ?.query;
    fireEvent.change(screen.getByLabelText('Shipments from'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(lastQuery()).toMatchObject({ start_date: '2026-03-01' }));
    fireEvent.change(screen.getByLabelText('Shipments until'), {
      target: { value: '2026-03-31' },
    });
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({ start_date: '2026-03-01', end_date: '2026-03-31' }),
    );
  });

  it('when the SOP documents are listed, then the Document id label stands before its field', async () => {
    signInWithCookie();
    fakeSopApi({ documents: [sopDocument(1)] });
    renderApp('/sop-repository');
    await screen.findAllByTestId('sop-row');
    const { label, field } = labelAndField('Document id');
    expect(follows(field, label)).toBe(true);
  });
});
