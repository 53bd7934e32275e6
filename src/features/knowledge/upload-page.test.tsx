import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@contract/api-paths';
import type { ApiErrorBody } from '@contract/errors';
import type { UploadDocsResponse } from '@contract/knowledge';
import { adminProfile } from '@/test/fixtures';
import { apiUrl, errorResponse, handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { documentsEditor, documentsProfile, fileOf, uploadAnswer } from './knowledge-test-kit';

const user = () => userEvent.setup({ applyAccept: false });

async function openUpload(profile = documentsEditor, path = '/upload') {
  signInWithCookie();
  server.use(handlers.me(profile));
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Upload knowledge sources' });
  return app;
}

const picker = () => screen.getByLabelText('Choose files');
const uploadButton = () => screen.getByRole('button', { name: 'Upload' });
const uploadRow = (name: string) =>
  screen.getAllByTestId('upload-row').find((row) => within(row).queryByText(name) !== null)!;

interface SentUpload {
  department_id: string;
  advanced_training: string;
  need_summary: string;
  files: string[];
}

// The screen's chunk loads once here, not inside the first test's time budget.
beforeAll(() => import('./upload-page'));

describe('/upload, files', { timeout: 30_000 }, () => {
  it('when Upload is pressed with no file chosen, then it says No files selected for upload and sends nothing', async () => {
    let calls = 0;
    server.use(http.post(apiUrl(apiPaths.uploadDocs), () => (calls++, HttpResponse.json({}))));
    await openUpload();
    await user().click(uploadButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('No files selected for upload');
    expect(calls).toBe(0);
  });

  it('when sixteen files are picked, then fifteen are listed and a message says one was not added', async () => {
    await openUpload();
    const files = Array.from({ length: 16 }, (_, i) => fileOf(`sheet-${i + 1}.csv`, 10 + i));
    await user().upload(picker(), files);
    expect(screen.getByRole('heading', { name: 'Files to upload: 15' })).toBeInTheDocument();
    expect(screen.getByText('sheet-15.csv')).toBeInTheDocument();
    expect(screen.queryByText('sheet-16.csv')).not.toBeInTheDocument();
    expect(
      screen.getByText('At most 15 files can be uploaded at once. Files not added: 1'),
    ).toBeInTheDocument();
  });

  it('when files of a type SPEC §5 does not allow are dropped, then they are refused by name and the others are kept', async () => {
    await openUpload();
    fireEvent.drop(screen.getByTestId('dropzone'), {
      dataTransfer: {
        files: [fileOf('setup.exe'), fileOf('notes.txt'), fileOf('Scan.PNG'), fileOf('old.doc')],
      },
    });
    expect(
      await screen.findByText('Not an allowed type, not added: setup.exe, notes.txt'),
    ).toBeInTheDocument();
    expect(screen.getByText('Scan.PNG')).toBeInTheDocument();
    expect(screen.getByText('old.doc')).toBeInTheDocument();
    expect(screen.queryByText('setup.exe', { selector: 'th' })).not.toBeInTheDocument();
  });

  it('when the person holds Documents.ADD in some departments only, then only those are offered and one must be chosen', async () => {
    let calls = 0;
    server.use(http.post(apiUrl(apiPaths.uploadDocs), () => (calls++, HttpResponse.json({}))));
    await openUpload(
      documentsProfile([
        { id: 1, name: 'General', actions: ['LIST_VIEW'] },
        { id: 2, name: 'Sales', actions: ['ADD', 'LIST_VIEW'] },
        { id: 3, name: 'Legal', actions: ['ADD'] },
      ]),
    );
    const select = screen.getByLabelText(/Department/);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a department', 'Legal', 'Sales']);
    await user().upload(picker(), [fileOf('a.pdf')]);
    await user().click(uploadButton());
    expect(
      await screen.findByText('Choose the department the upload belongs to.'),
    ).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('when three files upload, then each shows its progress while Uploading and ends Success or Fail with the server’s reason (409 first item is Fail)', async () => {
    const sent: SentUpload[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post<never, never, UploadDocsResponse | ApiErrorBody>(
        apiUrl(apiPaths.uploadDocs),
        async ({ request }) => {
          const form = await request.formData();
          // jsdom's XMLHttpRequest drops the multipart filename, so the files are told apart by size.
          const file = form.get('files') as File;
          sent.push({
            department_id: String(form.get('department_id')),
            advanced_training: String(form.get('advanced_training')),
            need_summary: String(form.get('need_summary')),
            files: form.getAll('files').map((f) => String((f as File).size)),
          });
          await held;
          if (file.size === 4000)
            return HttpResponse.json<UploadDocsResponse>(
              uploadAnswer('report.pdf', 201, 'Stored; it will be processed shortly.', 11),
            );
          if (file.size === 300)
            return HttpResponse.json<UploadDocsResponse>(
              uploadAnswer('copy.csv', 409, 'The same file is already in this department.'),
            );
          return errorResponse(413, 'PAYLOAD_TOO_LARGE', 'The file is larger than 50 MB.');
        },
      ),
    );
    const { store } = await openUpload();
    const u = user();
    await u.upload(picker(), [
      fileOf('report.pdf', 4000),
      fileOf('copy.csv', 300),
      fileOf('huge.png', 900),
    ]);
    await u.click(screen.getByLabelText('Summarise each document'));
    await u.click(uploadButton());

    for (const name of ['report.pdf', 'copy.csv', 'huge.png']) {
      const bar = await within(uploadRow(name)).findByRole('progressbar', {
        name: `Upload progress of ${name}`,
      });
      const value = Number(bar.getAttribute('aria-valuenow'));
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
      expect(within(uploadRow(name)).getByText(/Uploading/)).toBeInTheDocument();
    }
    release();

    await waitFor(() =>
      expect(within(uploadRow('report.pdf')).getByText('Success')).toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(within(uploadRow('copy.csv')).getByText('Fail')).toBeInTheDocument(),
    );
    expect(
      within(uploadRow('copy.csv')).getByText('The same file is already in this department.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(uploadRow('huge.png')).getByText('Fail')).toBeInTheDocument(),
    );
    // No item came back: the request failed as a whole, said by its code (SPEC §8 wording).
    expect(
      within(uploadRow('huge.png')).getByText('The upload is too large error. Please verify.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Uploaded: 1. Failed: 2.')).toBeInTheDocument();
    expect(within(uploadRow('report.pdf')).queryByRole('progressbar')).not.toBeInTheDocument();

    expect(sent).toHaveLength(3);
    for (const s of sent) {
      expect(s.department_id).toBe('1');
      expect(s.advanced_training).toBe('false');
      expect(s.need_summary).toBe('true');
      expect(s.files).toHaveLength(1);
    }
    expect(sent.map((s) => s.files[0]).sort()).toEqual(['300', '4000', '900']);
    const items = store.getState() as { knowledgeUpload?: { files: { status: string } } };
    expect(items.knowledgeUpload?.files.status).toBe('failed');
  });

  it('when the address names an upload type that is neither files nor web addresses, then it says Invalid upload type.', async () => {
    await openUpload(documentsEditor, '/upload?type=fax');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid upload type.');
    expect(screen.queryByLabelText('Choose files')).not.toBeInTheDocument();
  });

  it('when the default administrator uploads, then every department is offered', async () => {
    server.use(
      http.get(apiUrl(apiPaths.departments), () =>
        HttpResponse.json([
          { id: 1, name: 'General' },
          { id: 5, name: 'Support' },
        ]),
      ),
    );
    await openUpload(adminProfile);
    const select = await screen.findByLabelText(/Department/);
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a department', 'General', 'Support']),
    );
  });
});
