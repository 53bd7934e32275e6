import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { fakeSopApi } from './sop-test-kit';

// Lazy page, session check and list calls chain up; a loaded 2-core machine can outlast 5 s.
configure({ asyncUtilTimeout: 15_000 });
beforeAll(() => import('@/app/sop-pages'));

const pdf = (name: string, size = 100) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const user = () => userEvent.setup({ applyAccept: false });
const row = (name: string) =>
  screen.getAllByTestId('sop-upload-row').find((r) => within(r).queryByText(name) !== null)!;

async function openUpload() {
  signInWithCookie();
  const api = fakeSopApi();
  renderApp('/sop-repository/upload');
  await screen.findByRole('heading', { level: 1, name: 'Upload SOP documents' });
  await waitFor(() => expect(screen.getByRole('option', { name: 'Borealis' })).toBeInTheDocument());
  await waitFor(() => expect(screen.getByRole('option', { name: 'General' })).toBeInTheDocument());
  return api;
}

describe('/sop-repository/upload', { timeout: 60_000 }, () => {
  it('when a 16th file is picked, then it is not added, the SPEC §9 limit is said and fifteen rows are listed', async () => {
    const api = await openUpload();
    const u = user();
    await u.upload(screen.getByLabelText('SOP files (pdf or docx)'), [pdf('sop-a.pdf')]);
    const references = Array.from({ length: 15 }, (_, i) => pdf(`ref-${i + 1}.pdf`));
    await u.upload(screen.getByLabelText('Reference files'), references);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'At most 15 files can be uploaded at once. Files not added: 1',
    );
    expect(screen.getAllByTestId('sop-upload-row')).toHaveLength(15);
    expect(screen.getByText('ref-14.pdf')).toBeInTheDocument();
    expect(screen.queryByText('ref-15.pdf')).not.toBeInTheDocument();
    expect(within(row('ref-1.pdf')).getByText('Ready to upload')).toBeInTheDocument();
    expect(api.uploads).toEqual([]);
  });

  it('when SOPs and a reference upload, then every row shows the shared progress while Uploading and ends Success, with a typed new product type sent', async () => {
    const api = await openUpload();
    let release: () => void = () => undefined;
    api.uploadGate = new Promise<void>((resolve) => (release = resolve));
    const u = user();
    await u.selectOptions(screen.getByLabelText('Department'), 'General');
    await u.selectOptions(screen.getByLabelText('Client'), 'Borealis');
    await u.type(screen.getByLabelText('Industry'), 'Retail');
    await u.type(screen.getByLabelText('Product type'), 'Frozen food');
    await u.upload(screen.getByLabelText('SOP files (pdf or docx)'), [
      pdf('sop-a.pdf', 300),
      pdf('sop-b.pdf', 400),
    ]);
    await u.upload(screen.getByLabelText('Reference files'), [pdf('ref.pdf', 500)]);
    await u.click(screen.getByRole('button', { name: 'Upload' }));

    for (const name of ['sop-a.pdf', 'sop-b.pdf', 'ref.pdf']) {
      const bar = await within(row(name)).findByRole('progressbar', {
        name: `Upload progress of ${name}`,
      });
      expect(Number(bar.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(100);
      expect(within(row(name)).getByText(/Uploading/)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    release();
    for (const name of ['sop-a.pdf', 'sop-b.pdf', 'ref.pdf'])
      await waitFor(() => expect(within(row(name)).getByText('Success')).toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('SOPs uploaded: 2.');
    expect(within(row('ref.pdf')).getByText('Reference file')).toBeInTheDocument();
    expect(api.uploads).toHaveLength(1);
    expect(api.uploads[0].fields).toEqual({
      department_id: '1',
      client_id: '2',
      industry: 'Retail',
      product_type: 'Frozen food',
    });
    expect([api.uploads[0].files.length, api.uploads[0].references.length]).toEqual([2, 1]);
  });
});
