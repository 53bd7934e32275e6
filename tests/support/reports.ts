/**
 * Helpers of tests/reports.e2e.ts (issue 14): the seeded conversations, the export downloads,
 * and the Chart.js charts read and clicked where they are drawn.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { permissionId } from '../../contract/permissions';
import { pdfText } from '../../server/test-support/pdf-text';
import { apiLogin, createVerifiedTrialUser } from './accounts';
import { api, type RunningServer } from './server';

/** The pdf's text with runs of white space as one space. */
export const flatPdfText = async (bytes: Buffer) => (await pdfText(bytes)).replace(/\s+/g, ' ');

export const QUESTIONS = [
  'Thanks, the harbour guide is excellent and helpful!',
  'The delivery is broken and terrible, I am angry',
  'Where do I collect a Harbour Box parcel?',
];

export async function download(
  page: Page,
  format: 'PDF document' | 'CSV (comma-separated)' | 'Excel workbook' | 'CSV (مفصول بفواصل)',
  button = 'Export',
) {
  await page.getByRole('button', { name: button }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: format }).click(),
  ]);
  return readFile(await file.path());
}

/**
 * expect.poll with room for a loaded machine: a report's first figures wait for its lazy chunk
 * (Chart.js) and four calls, which can take longer than the default second.
 */
export const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

export const figure = (page: Page, key: string) => page.getByTestId(`figure-${key}`);

/** Today as the reports show a day (SPEC §9: day/month/year; report days are UTC). */
export const todayShown = () => {
  const [y, m, d] = new Date().toISOString().slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

interface ChartFacts {
  /** Where element `index` of dataset `dataset` is drawn, in the viewport's CSS pixels. */
  x: number;
  y: number;
  /** What Chart.js finds under that point of the viewport, as a click there would. */
  hit: number[];
  /** Whether the chart has laid itself out for the canvas's present size. */
  settled: boolean;
  /** The colour of the chart's legend text. */
  text: string;
}

/**
 * Facts of the Chart.js chart drawn on the nth canvas of the page: the instance is found through
 * React's fiber of <CChart>, whose chartRef holds it (the page exposes nothing for tests).
 */
export function chartFacts(page: Page, nth: number, dataset: number, index: number) {
  return page
    .locator('main canvas')
    .nth(nth)
    .evaluate(
      (canvas, [d, i]): ChartFacts | null => {
        interface ChartElement {
          x: number;
          y: number;
          base?: number;
          tooltipPosition: (final: boolean) => { x: number; y: number };
        }
        interface ChartLike {
          getDatasetMeta: (i: number) => { data: ChartElement[] };
          getElementsAtEventForMode: (
            e: { type: string; clientX: number; clientY: number; target: Element },
            mode: string,
            options: { intersect: boolean },
            final: boolean,
          ) => { datasetIndex: number; index: number }[];
          options: { plugins: { legend: { labels: { color: string } } } };
          width: number;
          height: number;
        }
        type Hook = { memoizedState: unknown; next: Hook | null } | null;
        type Fiber = { memoizedState: unknown; return: Fiber } | null;
        const key = Object.keys(canvas).find((k) => k.startsWith('__reactFiber$'));
        let fiber = key ? (canvas as unknown as Record<string, Fiber>)[key] : null;
        for (; fiber; fiber = fiber.return) {
          let hook = fiber.memoizedState as Hook;
          for (; hook && typeof hook === 'object' && 'next' in hook; hook = hook.next) {
            const chart = (hook.memoizedState as { current?: ChartLike } | null)?.current;
            if (typeof chart?.getDatasetMeta !== 'function') continue;
            const element = chart.getDatasetMeta(d).data[i];
            if (!element) return null;
            // A bar's middle, or a slice's centre.
            const at =
              typeof element.base === 'number'
                ? { x: element.x, y: (element.y + element.base) / 2 }
                : element.tooltipPosition(true);
            // The mouse event of a click there, as Chart.js reads it (position from clientX/Y).
            const box = canvas.getBoundingClientRect();
            const point = { x: box.left + at.x, y: box.top + at.y };
            const event = { type: 'click', clientX: point.x, clientY: point.y, target: canvas };
            const found = chart.getElementsAtEventForMode(
              event,
              'nearest',
              { intersect: true },
              false,
            );
            const hit = found[0] ? [found[0].datasetIndex, found[0].index] : [];
            const settled =
              Math.abs(chart.width - canvas.clientWidth) < 1 &&
              Math.abs(chart.height - canvas.clientHeight) < 1;
            return { ...point, hit, settled, text: chart.options.plugins.legend.labels.color };
          }
        }
        return null;
      },
      [dataset, index] as const,
    );
}

/** Clicks element `index` of dataset `dataset` of the chart on the nth canvas. */
export async function clickChart(page: Page, nth: number, dataset: number, index: number) {
  // The chart lays itself out again when its box changes (a scroll bar appearing): wait until
  // it fits the canvas and finds the element under the point, then click there.
  await page.locator('main canvas').nth(nth).scrollIntoViewIfNeeded();
  await poll(async () => {
    const facts = await chartFacts(page, nth, dataset, index);
    return facts?.settled ? facts.hit : null;
  }).toEqual([dataset, index]);
  const facts = await chartFacts(page, nth, dataset, index);
  if (!facts) throw new Error(`no element ${dataset}/${index} on chart ${nth}`);
  await page.mouse.click(facts.x, facts.y);
}

/**
 * The reports' data, made as people make it: three questions asked (one positive, one negative,
 * one neutral) and rated up, down, up; the product list; a chat widget without visitors; and a
 * reader with Reports.VIEW (and so LIST_VIEW, but never DOWNLOAD) in General.
 */
export async function seedReports(server: RunningServer) {
  const token = await apiLogin(server, server.admin.email, server.admin.password);
  const ids: number[] = [];
  for (const query of QUESTIONS) {
    const res = await api(server, 'POST', '/chat/stuff', {
      token,
      body: { query, department_id: 1 },
    });
    expect(res.status).toBe(200);
    ids.push((res.body as { message_id: number }).message_id);
  }
  for (const [id, rating] of [
    [ids[0], 'up'],
    [ids[1], 'down'],
    [ids[2], 'up'],
  ] as const) {
    const res = await fetch(`${server.url}/api/chat/feedback`, {
      method: 'POST',
      headers: {
        'x-api-key': server.apiKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ message_id: String(id), rating }),
    });
    expect(res.status).toBe(200);
  }
  const products = await api(server, 'PUT', '/reports/sentiments/products', {
    token,
    body: { names: ['Harbour Box', 'Lantern'] },
  });
  expect(products.status).toBe(200);
  // A chat widget without visitors: as a report's channel it has no conversations.
  const shop = await api(server, 'POST', '/service-agent', {
    token,
    body: { client_name: 'Harbour shop', target_areas: [1], allowed_hosts: ['shop.example'] },
  });
  expect(shop.status).toBe(201);
  const shopId = (shop.body as { id: number }).id;

  const viewer = { email: 'reader@e2e.test', password: 'Reader-Pass-123' };
  await createVerifiedTrialUser(server, { username: 'reportreader', ...viewer });
  const role = await api(server, 'POST', '/roles', {
    token,
    body: {
      name: 'Report reader',
      department_id: 1,
      permission_set: [permissionId('Reports', 'VIEW'), permissionId('Reports', 'LIST_VIEW')],
    },
  });
  expect(role.status).toBe(201);
  const user = await api(server, 'GET', `/users/${encodeURIComponent(viewer.email)}`, { token });
  const roleId = (role.body as { id: number }).id;
  const userId = (user.body as { id: number }).id;
  const assigned = await api(server, 'PUT', `/users/${userId}`, {
    token,
    body: { assignments: [{ department_id: 1, role_id: roleId }] },
  });
  expect(assigned.status).toBe(200);
  return { viewer, shopId };
}
