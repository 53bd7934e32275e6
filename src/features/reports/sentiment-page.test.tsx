import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@contract/api-paths';
import { adminProfile } from '@/test/fixtures';
import { apiUrl, handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { createConsoleFake, createReportsFake } from './reports-test-kit';

vi.mock('@coreui/react-chartjs', () => import('./chart-stub'));

function openSentiment() {
  signInWithCookie();
  const reports = createReportsFake();
  const widgets = createConsoleFake();
  const exports: URLSearchParams[] = [];
  server.use(
    handlers.me(adminProfile),
    ...reports.handlers,
    ...widgets.handlers,
    http.get(apiUrl(apiRoutes.analyticsExport), ({ request }) => {
      exports.push(new URL(request.url).searchParams);
      return new HttpResponse('Sentiment,Turns\r\n', { headers: { 'content-type': 'text/csv' } });
    }),
  );
  return { reports, exports, ...renderApp('/sentiment-analytics?start=2025-03-01&end=2025-03-30') };
}

const figure = (key: string) => screen.getByTestId(`figure-${key}`);
/** The charts are hidden from screen readers (they read the summary and the table). */
const chartBar = (name: string) => screen.getByRole('button', { name, hidden: true });

describe('sentiment page', { timeout: 60_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('when a call fails after figures were shown, then every figure goes back to its empty default', async () => {
    const { reports } = openSentiment();
    await waitFor(() => expect(figure('conversations')).toHaveTextContent('7'));
    expect(figure('positive')).toHaveTextContent('4');
    expect(figure('negative')).toHaveTextContent('1');
    expect(chartBar('04/03/2025 Positive: 5')).toBeInTheDocument();
    expect(screen.getAllByText('Lantern: 4')).not.toEqual([]);

    reports.failing = true;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-02' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The report could not be read.');
    await waitFor(() => expect(figure('conversations')).toHaveTextContent('0'));
    for (const key of ['positive', 'neutral', 'negative'])
      expect(figure(key)).toHaveTextContent('0');
    expect(
      screen.queryByRole('button', { name: /Positive: 5/, hidden: true }),
    ).not.toBeInTheDocument();
    expect(chartBar('Positive: 0')).toBeInTheDocument();
    expect(screen.queryAllByText('Lantern: 4')).toEqual([]);
    expect(screen.getAllByText('No product named in this period.')).toHaveLength(2);
  });

  it('when a bar is clicked, then the dialog names its day as day/month/year and lists its turns', async () => {
    const { reports } = openSentiment();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: '04/03/2025 Negative: 2', hidden: true }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Negative messages, 04/03/2025 – 04/03/2025')).toBeVisible();
    await waitFor(() =>
      expect(reports.queries.some((q) => q.route === 'sentimentTurns')).toBe(true),
    );
    const turns = reports.queries.find((q) => q.route === 'sentimentTurns')?.search;
    expect(turns?.get('sentiment')).toBe('negative');
    expect([turns?.get('start_date'), turns?.get('end_date')]).toEqual([
      '2025-03-04',
      '2025-03-04',
    ]);
    expect(screen.getByRole('columnheader', { name: 'Date' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '04/03/2025' })).toBeInTheDocument();
  });

  it("when the sentiment report is exported, then the page's sentiment, products and grouping go with it", async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const { reports, exports } = openSentiment();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Group by'), 'Week');
    await user.selectOptions(screen.getByLabelText('Sentiment'), 'Negative');
    await user.type(screen.getByLabelText('Products'), 'Lantern');
    // The products filter applies after a pause in typing; the page reloads its figures then.
    await waitFor(() =>
      expect(reports.queries.some((q) => q.search.get('products') === 'Lantern')).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByRole('dialog');
    // Every section at first; the reader leaves out the series. On a busy machine the page's
    // reload can land while the dialog opens and draw it anew, so the box is looked up in the
    // dialog shown at the moment of each try, as a reader would click the one they see.
    const series = () => within(screen.getByRole('dialog')).getByLabelText('Performance over time');
    await waitFor(async () => {
      if ((series() as HTMLInputElement).checked) await user.click(series());
      expect(series()).not.toBeChecked();
    });
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'CSV (comma-separated)' }));
    await waitFor(() => expect(exports).toHaveLength(1));
    const sent = Object.fromEntries(exports[0] ?? []);
    expect(sent).toMatchObject({
      report: 'sentiment',
      export_format: 'csv',
      sentiment: 'negative',
      products: 'Lantern',
      date_range: 'week',
      section_numbers: '2,3,4',
    });
    // Nothing chosen: no format can be asked for, and the dialog says why.
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const again = await screen.findByRole('dialog');
    for (const name of ['Overview', 'Top 5 popular products', 'Top 5 AI-suggested products'])
      await user.click(within(again).getByLabelText(name));
    expect(within(again).getByRole('alert')).toHaveTextContent('Choose at least one section.');
    expect(within(again).getByRole('button', { name: 'PDF document' })).toBeDisabled();
  });
});
