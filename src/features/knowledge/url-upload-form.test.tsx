import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@contract/api-paths';
import type { ErrorCode } from '@contract/errors';
import type { UploadUrlsBody, UploadUrlsResponse } from '@contract/knowledge';
import { apiUrl, errorResponse, handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { documentsEditor } from './knowledge-test-kit';

async function openUrlMode() {
  signInWithCookie();
  server.use(handlers.me(documentsEditor));
  renderApp('/upload?type=urls');
  await screen.findByRole('heading', { level: 1, name: 'Upload knowledge sources' });
  return userEvent.setup();
}

const addressBox = () => screen.getByRole('textbox', { name: 'Web addresses' });
const submit = () => screen.getByRole('button', { name: 'Add web addresses' });

// The screen's chunk loads once here, not inside the first test's time budget.
beforeAll(() => import('./upload-page'));

describe('/upload, web addresses', { timeout: 30_000 }, () => {
  it('when comma-separated addresses are typed, then they are split, trimmed and given https:// where no scheme is written, and sent so', async () => {
    const bodies: UploadUrlsBody[] = [];
    server.use(
      http.post(apiUrl(apiPaths.uploadUrls), async ({ request }) => {
        const body = (await request.json()) as UploadUrlsBody;
        bodies.push(body);
        return HttpResponse.json<UploadUrlsResponse>({
          items: body.urls.map((url, i) => ({
            url,
            status_code: i === 2 ? 409 : 201,
            message: i === 2 ? 'Already in this department.' : 'Queued',
            document_id: i === 2 ? null : i + 1,
          })),
        });
      }),
    );
    const user = await openUrlMode();
    await user.click(addressBox());
    await user.paste(' example.com/docs ,http://intranet.test/a,,  https://site.test/sitemap.xml ');
    const preview = screen.getByRole('list', { name: 'Addresses to add' });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'https://example.com/docs',
      'http://intranet.test/a',
      'https://site.test/sitemap.xml',
    ]);
    await user.click(screen.getByLabelText('Advanced training'));
    await user.click(submit());

    expect(await screen.findAllByTestId('url-result')).toHaveLength(3);
    expect(bodies).toEqual([
      {
        urls: [
          'https://example.com/docs',
          'http://intranet.test/a',
          'https://site.test/sitemap.xml',
        ],
        advanced_training: true,
        department: 1,
      },
    ]);
    const [first, , third] = screen.getAllByTestId('url-result');
    expect(first).toHaveTextContent('Success');
    expect(third).toHaveTextContent('Fail');
    expect(third).toHaveTextContent('Already in this department.');
  });

  it('when an entry is not a web address, then it is named and nothing is sent', async () => {
    let calls = 0;
    server.use(
      http.post(apiUrl(apiPaths.uploadUrls), () => (calls++, HttpResponse.json({ items: [] }))),
    );
    const user = await openUrlMode();
    await user.type(addressBox(), 'good.test, not an address');
    await user.click(submit());
    expect(
      await screen.findByText('Not a web address: https://not an address'),
    ).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('when nothing is typed, then it asks for an address', async () => {
    const user = await openUrlMode();
    await user.click(submit());
    expect(await screen.findByText('Enter at least one web address.')).toBeInTheDocument();
  });

  it.each([
    [409, 'CONFLICT', 'These addresses are already in the department.'],
    [500, 'INTERNAL_ERROR', 'The fetcher crashed.'],
    [400, 'VALIDATION_ERROR', 'Private addresses are refused.'],
  ] as [number, ErrorCode, string][])(
    'when the server answers %i, then its own message is shown',
    async (status, code, message) => {
      server.use(
        http.post(apiUrl(apiPaths.uploadUrls), () => errorResponse(status, code, message)),
      );
      const user = await openUrlMode();
      await user.type(addressBox(), 'example.com');
      await user.click(submit());
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
    },
  );

  it.each([
    [403, 'FORBIDDEN'],
    [413, 'PAYLOAD_TOO_LARGE'],
  ] as [number, ErrorCode][])(
    'when the server answers %i, then it says Upload failed.',
    async (status, code) => {
      server.use(
        http.post(apiUrl(apiPaths.uploadUrls), () => errorResponse(status, code, 'not shown')),
      );
      const user = await openUrlMode();
      await user.type(addressBox(), 'example.com');
      await user.click(submit());
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Upload failed.');
      expect(alert).not.toHaveTextContent('not shown');
    },
  );
});
