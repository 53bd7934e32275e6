import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ComposeInput } from '@contract/email-mailbox';
import { adminProfile } from '@/test/fixtures';
import { handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';
import { createEmailFake, messageFixture } from './email-agent-test-kit';

const BASE = '/integration/email-integration';

function start(path: string, fake = createEmailFake()) {
  signInWithCookie();
  server.use(handlers.me(adminProfile), ...fake.handlers);
  const app = renderApp(path);
  return { fake, app, user: userEvent.setup() };
}

const composed = (fake: ReturnType<typeof createEmailFake>) =>
  fake.requests.filter((r) => r.path.endsWith('/compose'));

describe('e-mail screens', { timeout: 60_000 }, () => {
  it('when compose is sent without a recipient, subject or text, then each field says why and nothing is sent', async () => {
    const { fake, user } = start(`${BASE}/open-email-compose?account=3`);
    await screen.findByRole('heading', { name: 'New message from desk@example.test' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findAllByText('This field is required.')).length).toBe(3);
    await user.type(screen.getByLabelText(/^To/), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Enter a valid email address without spaces.');
    expect(composed(fake)).toEqual([]);
  });

  it('when an attachment is larger than 5 MB, then the form names it and nothing is sent', async () => {
    const { fake, user } = start(`${BASE}/open-email-compose?account=3`);
    await screen.findByRole('heading', { name: 'New message from desk@example.test' });
    await user.type(screen.getByLabelText(/^To/), 'skipper@example.test');
    await user.type(screen.getByLabelText(/^Subject/), 'Plans');
    await user.type(screen.getByLabelText(/^Message/), 'See the plan.');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'plan.pdf', {
      type: 'application/pdf',
    });
    await user.upload(screen.getByLabelText('Attachments'), big);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('plan.pdf is larger than 5 MB.');
    expect(composed(fake)).toEqual([]);
  });

  it('when to, cc, subject, text and a file are filled in, then one request carries them all and Sent opens', async () => {
    const { fake, app, user } = start(`${BASE}/open-email-compose?account=3`);
    await screen.findByRole('heading', { name: 'New message from desk@example.test' });
    await user.type(screen.getByLabelText(/^To/), 'skipper@example.test');
    await user.type(screen.getByLabelText(/^Cc/), 'mate@example.test, Pilot@Example.test');
    await user.type(screen.getByLabelText(/^Subject/), 'Berth confirmation');
    await user.type(screen.getByLabelText(/^Message/), 'Berth 7 is yours.');
    const file = new File(['Berth 7, east quay'], 'plan.txt', { type: 'text/plain' });
    await user.upload(screen.getByLabelText('Attachments'), file);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`${BASE}/view-email-sent/3`),
    );
    const sent = composed(fake);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual<ComposeInput>({
      to: ['skipper@example.test'],
      cc: ['mate@example.test', 'pilot@example.test'],
      subject: 'Berth confirmation',
      body: 'Berth 7 is yours.',
      attachments: [
        { filename: 'plan.txt', content_type: 'text/plain', content: btoa('Berth 7, east quay') },
      ],
    });
  });

  it('when an account is edited without a new password, then the form says the stored one is kept and the saved changes carry none', async () => {
    const { fake, app, user } = start(`${BASE}/update-email-agent/3`);
    const title = await screen.findByLabelText(/^Title/);
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(screen.getByText('A password is stored; leave empty to keep it.')).toBeInTheDocument();
    await user.clear(title);
    await user.type(title, 'Harbour night desk');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`${BASE}/view-email-agent/3`),
    );
    const put = fake.requests.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({ title: 'Harbour night desk' });
    expect(put?.body).not.toHaveProperty('password');
  });

  it('when the inbox holds more messages than a page, then the pager goes to the next page and the address keeps page and search', async () => {
    const messages = Array.from({ length: 12 }, (_, i) => messageFixture(i + 1));
    const { fake, app, user } = start(
      `${BASE}/view-email-inbox/3?size=10`,
      createEmailFake(messages),
    );
    const threads = await screen.findByTestId('mail-threads');
    await within(threads).findByText('Question 12');
    expect(within(threads).queryByText('Question 2')).toBeNull();
    expect(screen.getByText('Showing 1–10 of 12')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await within(await screen.findByTestId('mail-threads')).findByText('Question 2');
    expect(app.router.state.location.search).toBe('?size=10&page=2');
    await user.type(screen.getByRole('searchbox', { name: 'Search by subject or sender' }), '11');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(app.router.state.location.search).toBe('?size=10&search=11'));
    await within(await screen.findByTestId('mail-threads')).findByText('Question 11');
    expect(fake.requests.map((r) => r.path)).toContain(
      '/api/email-agent/3/messages?folder=inbox&page=1&size=10&search=11',
    );
  });

  it('when a conversation has its reply in Sent and its start on another page, then opening it shows every message in order', async () => {
    const key = '<m1@example.test>';
    const messages = [
      messageFixture(1, { subject: 'Harbour office' }),
      ...Array.from({ length: 10 }, (_, i) => messageFixture(i + 2)),
      messageFixture(20, {
        thread_key: key,
        subject: 'Re: Harbour office',
        from: { address: 'skipper@example.test', name: '' },
      }),
      messageFixture(21, {
        thread_key: key,
        folder: 'sent',
        subject: 'Re: Harbour office',
        from: { address: 'desk@example.test', name: '' },
      }),
    ];
    const { user } = start(`${BASE}/view-email-inbox/3?size=10`, createEmailFake(messages));
    const threads = await screen.findByTestId('mail-threads');
    await user.click(await within(threads).findByText('Re: Harbour office'));
    const thread = screen.getByTestId('mail-thread');
    await within(thread).findByText('Messages in this conversation: 3');
    await waitFor(() => expect(within(thread).getAllByTestId('mail-message')).toHaveLength(3));
    const subjects = within(thread)
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(subjects).toEqual(['Harbour office', 'Re: Harbour office', 'Re: Harbour office']);
  });

  it('when an HTML mail shows an inline image and lists a part over 10 MB, then the image is drawn from its own bytes, the big part is named as not kept, and a failed draft says why', async () => {
    const fake = createEmailFake([
      messageFixture(1, {
        subject: 'Our logo',
        has_html: true,
        skipped: 'failed',
        draft_error: 'the model timed out',
        draft_attempts: 3,
        attachments: [
          { id: 7, filename: 'logo.png', content_type: 'image/png', size: 70, inline: true },
          {
            id: 8,
            filename: 'catalogue.zip',
            content_type: 'application/zip',
            size: 11 * 1024 * 1024,
            not_kept: 'over_10_mb',
          },
        ],
      }),
    ]);
    // As the API answers it: the cid: reference rewritten to the part's URL.
    fake.html.set(
      1,
      '<p>Hello</p><img alt="logo" src="/api/email-agent/3/messages/1/attachments/7">',
    );
    const { user } = start(`${BASE}/view-email-inbox/3`, fake);
    const threads = await screen.findByTestId('mail-threads');
    await within(threads).findByText(
      'The draft could not be made (3 of 3 tries): the model timed out',
    );
    await user.click(within(threads).getByText('Our logo'));
    const frame = await screen.findByTitle('Message content');
    await waitFor(() =>
      expect(frame.getAttribute('srcdoc')).toContain('src="data:image/png;base64,iVBOR'),
    );
    expect(frame.getAttribute('srcdoc')).not.toContain('/api/email-agent');
    expect(fake.requests.some((r) => r.path.endsWith('/attachments/7'))).toBe(true);
    const files = screen.getByRole('list', { name: 'Attachments' });
    expect(within(files).getByText('catalogue.zip (11264 KB): over 10 MB, not kept')).toBeTruthy();
    expect(within(files).queryByText(/logo\.png/)).toBeNull();
    expect(within(files).queryAllByRole('button')).toHaveLength(0);
  });

  it('when the list switches an account off and deletes it, then one PUT carries only the status and one DELETE follows the confirmation', async () => {
    const { fake, user } = start(BASE);
    const row = (await screen.findByText('desk@example.test')).closest('tr') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    await user.click(
      within(row).getByRole('checkbox', { name: 'Switch desk@example.test on or off' }),
    );
    await screen.findByText('desk@example.test is switched off.');
    await user.click(within(row).getByRole('button', { name: 'Delete desk@example.test' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await screen.findByText('The e-mail account desk@example.test was deleted.');
    expect(fake.requests.filter((r) => r.method !== 'GET')).toEqual([
      { method: 'PUT', path: '/api/email-agent/3', body: { status: false } },
      { method: 'DELETE', path: '/api/email-agent/3', body: undefined },
    ]);
  });
});
