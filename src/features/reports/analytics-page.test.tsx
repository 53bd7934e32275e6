import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@contract/api-paths';
import { adminProfile, profileWith } from '@/test/fixtures';
import { apiUrl, handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { currentAddress } from '@/test/open-identity';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { createConsoleFake, createReportsFake, REPORT_DATA } from './reports-test-kit';

vi.mock('@coreui/react-chartjs', () => import('./chart-stub'));

function openAnalytics(profile = adminProfile) {
  signInWithCookie();
  const reports = createReportsFake();
  const widgets = createConsoleFake(['Widget 1', 'Shop']);
  server.use(handlers.me(profile), ...reports.handlers, ...widgets.handlers);
  return { reports, widgets, ...renderApp('/analytics') };
}

const figure = (key: string) => screen.getByTestId(`figure-${key}`);

describe('analytics page', { timeout: 60_000 }, () => {
  it('when several hours are equally busy, then the page names the busiest, says how many tie, and explains that all are peak hours', async () => {
    signInWithCookie();
    const reports = createReportsFake();
    const matrix = Array.from({ length: 7 }, (_, d) =>
      Array.from({ length: 24 }, (_, h) => (d < 3 && h === 9 + d ? 4 : 0)),
    );
    server.use(
      handlers.me(adminProfile),
      http.get(apiUrl(apiRoutes.analyticsPeakHours), () =>
        HttpResponse.json({
          ...REPORT_DATA.analyticsPeakHours,
          matrix,
          busiest: { weekday: 0, hour: 9, count: 4, ties: 2 },
        }),
      ),
      http.get(apiUrl(apiRoutes.analyticsResponseTime), () =>
        HttpResponse.json({
          ...REPORT_DATA.analyticsResponseTime,
          peak_hours: [9, 10, 11],
          peak: { turns: 12, average_ms: 900 },
          normal: { turns: 0, average_ms: 0 },
        }),
      ),
      ...reports.handlers,
      ...createConsoleFake().handlers,
    );
    renderApp('/analytics');
    await waitFor(() =>
      expect(screen.getByTestId('peak-busiest')).toHaveTextContent(
        'Busiest: Mon at 09:00 AM with 4 questions. 2 other hours were as busy.',
      ),
    );
    expect(screen.getByTestId('peak-hours')).toHaveTextContent(
      'Peak hours: 09:00 AM, 10:00 AM, 11:00 AM',
    );
    expect(
      screen.getByText(
        'Every hour with questions was equally busy, so all of them count as peak hours.',
      ),
    ).toBeInTheDocument();
  });

  it('when a call fails after figures were shown, then every figure goes back to its empty default', async () => {
    const { reports } = openAnalytics();
    await waitFor(() => expect(figure('totalConversations')).toHaveTextContent('42'));
    expect(figure('responseTime')).toHaveTextContent('870 ms');
    expect(screen.getByTestId('satisfaction-score')).toHaveTextContent('Satisfaction: 80%');
    expect(screen.getAllByText('Delivery')).not.toEqual([]);

    reports.failing = true;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-02' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The report could not be read.');
    await waitFor(() => expect(figure('totalConversations')).toHaveTextContent('0'));
    expect(figure('perDay')).toHaveTextContent('0');
    expect(figure('conversationTime')).toHaveTextContent('0 s');
    expect(figure('responseTime')).toHaveTextContent('0 ms');
    expect(figure('messages')).toHaveTextContent('0');
    expect(screen.getByTestId('satisfaction-score')).toHaveTextContent(
      // No ratings is no score, as the dashboard says it, not "0 %".
      'Satisfaction: — · No ratings yet',
    );
    expect(screen.queryAllByText('Delivery')).toEqual([]);
    expect(screen.getByText(/^Peak hours: —/)).toBeInTheDocument();
  });

  it('when the figures show, then hours read on the 12-hour clock', async () => {
    openAnalytics();
    expect(await screen.findByText('Peak hours: 03:00 PM')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '3 PM' })).toBeInTheDocument();
    expect(screen.getByTitle('Wed 03:00 PM — 9 questions')).toHaveTextContent('9');
  });

  it('when one widget is picked as the channel, then the address keeps it and the reports read that widget only', async () => {
    const { reports, router } = openAnalytics();
    const user = userEvent.setup();
    const channel = await screen.findByLabelText('Channel');
    await screen.findByRole('option', { name: 'Widget: Shop' });
    expect(screen.getByRole('group', { name: 'Each widget' })).toBeInTheDocument();
    await user.selectOptions(channel, 'Widget: Shop');
    await waitFor(() => expect(currentAddress(router)).toContain('channel=widget&widget=2'));
    await waitFor(() =>
      expect(
        reports.queries.some(
          (q) =>
            q.route === 'analyticsOverview' &&
            q.search.get('channel') === 'widget' &&
            q.search.get('widget_id') === '2',
        ),
      ).toBe(true),
    );
    expect(channel).toHaveValue('widget:2');

    await user.selectOptions(channel, 'Assistant');
    await waitFor(() => expect(currentAddress(router)).toContain('channel=assistant'));
    expect(currentAddress(router)).not.toContain('widget=');
    const last = reports.queries.filter((q) => q.route === 'analyticsOverview').at(-1);
    expect(last?.search.get('widget_id')).toBeNull();
  });

  it('when the reader may not list widgets, then the channel offers no single widget and no widget list is asked for', async () => {
    const { widgets } = openAnalytics(profileWith(['Reports.VIEW', 'Reports.LIST_VIEW']));
    await waitFor(() => expect(figure('totalConversations')).toHaveTextContent('42'));
    expect(screen.queryByRole('group', { name: 'Each widget' })).not.toBeInTheDocument();
    expect(widgets.requests.filter((path) => path.startsWith('/api/service-agent'))).toEqual([]);
  });

  it('when a reader may read the reports of one department and only download another, then only the first is offered', async () => {
    const reader = profileWith(['Reports.LIST_VIEW']);
    const downloads = profileWith(['Reports.DOWNLOAD']).permissions.map((p) => ({
      ...p,
      department_id: 2,
      department_name: 'Sales',
    }));
    openAnalytics({ ...reader, permissions: [...reader.permissions, ...downloads] });
    await waitFor(() => expect(figure('totalConversations')).toHaveTextContent('42'));
    const department = screen.getByLabelText('Department');
    expect([...department.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'All departments',
      'General',
    ]);
  });

  it('when the address names a widget, then the page opens on it', async () => {
    signInWithCookie();
    const reports = createReportsFake();
    const widgets = createConsoleFake(['Widget 1', 'Widget 2']);
    server.use(handlers.me(adminProfile), ...reports.handlers, ...widgets.handlers);
    renderApp('/analytics?channel=widget&widget=1');
    await screen.findByRole('option', { name: 'Widget: Widget 1' });
    expect(screen.getByLabelText('Channel')).toHaveValue('widget:1');
    expect(reports.queries[0]?.search.get('widget_id')).toBe('1');
  });
});
