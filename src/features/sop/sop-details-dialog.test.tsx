import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillRoute } from '@contract/api-paths';
import { sopDetailsSchema, sopDocumentSchema, sopRoutes, type SopDetails } from '@contract/sop';
import { profileWith } from '@/test/fixtures';
import { apiUrl } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { fakeSopApi, sopDocument } from './sop-test-kit';

// Lazy page, session check and list calls chain up; a loaded 2-core machine can outlast 5 s.
configure({ asyncUtilTimeout: 15_000 });
beforeAll(() => import('@/app/sop-pages'));

/** PUT /sop/documents/1/details: refuses a move to department 2, as the server does. */
function detailsApi() {
  const sent: SopDetails[] = [];
  server.use(
    http.put(apiUrl(fillRoute(sopRoutes.documentDetails, { id: 1 })), async ({ request }) => {
      const body = sopDetailsSchema.parse(await request.json());
      sent.push(body);
      if (body.department_id === 2)
        return HttpResponse.json(
          {
            message: 'You may not move SOPs to this department (Sop.UPDATE).',
            code: 'FORBIDDEN',
            fields: [{ path: 'department_id', message: 'forbidden' }],
          },
          { status: 403 },
        );
      return HttpResponse.json(sopDocumentSchema.parse({ ...sopDocument(1), ...body }));
    }),
  );
  return sent;
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit details of sop-1.pdf' }, {}));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe("an SOP's details", { timeout: 60_000 }, () => {
  it('when the name is emptied, then the field says it is required and nothing is sent', async () => {
    signInWithCookie();
    fakeSopApi();
    const sent = detailsApi();
    renderApp('/sop-repository/archive-upload/1');
    const { user, dialog } = await openDialog();
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('when the server refuses the move to another department, then the department field says why and the dialog stays', async () => {
    signInWithCookie();
    fakeSopApi();
    const sent = detailsApi();
    renderApp('/sop-repository/archive-upload/1');
    const { user, dialog } = await openDialog();
    await user.selectOptions(within(dialog).getByLabelText('Department'), 'Ocean freight');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('You may not move SOPs to this department.'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('when the details are saved, then the trimmed values are sent and the dialog closes', async () => {
    signInWithCookie();
    fakeSopApi();
    const sent = detailsApi();
    renderApp('/sop-repository/archive-upload/1');
    const { user, dialog } = await openDialog();
    await user.selectOptions(within(dialog).getByLabelText('Client'), 'Borealis');
    const product = within(dialog).getByLabelText('Product type');
    await user.clear(product);
    await user.type(product, '  Vaccines ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      expect.objectContaining({ client_id: 2, product_type: 'Vaccines', department_id: 1 }),
    ]);
  });

  it('when a person may only read SOPs, then the details show without Edit', async () => {
    signInWithCookie();
    fakeSopApi({ profile: profileWith(['Sop.LIST_VIEW']) });
    renderApp('/sop-repository/archive-upload/1');
    const details = await screen.findByTestId('sop-details');
    expect(within(details).getByText('sop-1.pdf')).toBeInTheDocument();
    expect(within(details).queryByRole('button')).not.toBeInTheDocument();
  });
});
