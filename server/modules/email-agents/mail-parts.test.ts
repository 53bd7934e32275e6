import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailMessageDetailSchema, mailMessagePageSchema } from '../../../contract/email-mailbox';
import { accountBody, createAccount, mailAppEnv, mailUser, sendAs } from '../../test-support/email';
import { startMailServers, type MailServers } from '../../test-support/mail-servers';
import { describeApi, TEST_API_KEY } from '../../test-support/test-app';

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
}, 30_000);
afterAll(async () => servers?.stop());

/** A 1×1 PNG: the bytes an inline image carries. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Every part of a message is listed; inline images are served and shown by their cid:. */
describeApi('message parts', { env: mailAppEnv() }, (t) => {
  it('when a message carries an inline image and an attachment over 10 MB, then both are listed, the image is served and the HTML points at it, and the big one says its bytes were not kept', async () => {
    const box = mailUser(servers, 'parts');
    const sender = mailUser(servers, 'newsletter');
    const account = await createAccount(t, t.admin, accountBody(servers, box));
    const big = randomBytes(10 * 1024 * 1024 + 1024);
    await sendAs(servers, sender, {
      to: box.address,
      subject: 'Our logo',
      text: 'See our logo.',
      html: '<p>Logo: <img src="cid:logo.1@example.test" alt="logo"> <img src="cid:missing@x"></p>',
      attachments: [
        {
          filename: 'logo.png',
          content: PNG,
          contentType: 'image/png',
          cid: 'logo.1@example.test',
        },
        { filename: 'archive.bin', content: big, contentType: 'application/octet-stream' },
      ],
    });
    const synced = await t.api('POST', `/api/email-agent/${account.id}/sync`, { token: t.admin });
    expect(synced.body.stored).toBe(1);
    const page = mailMessagePageSchema.parse(
      (await t.api('GET', `/api/email-agent/${account.id}/messages`, { token: t.admin })).body,
    );
    const [message] = page.items;
    const byName = Object.fromEntries(message.attachments.map((a) => [a.filename, a]));
    expect(byName['logo.png']).toMatchObject({
      content_type: 'image/png',
      size: PNG.length,
      inline: true,
      content_id: 'logo.1@example.test',
      not_kept: null,
    });
    expect(byName['archive.bin']).toMatchObject({
      content_type: 'application/octet-stream',
      size: big.length,
      inline: false,
      not_kept: 'over_10_mb',
    });
    const base = `/api/email-agent/${account.id}/messages/${message.id}/attachments`;
    const logo = await t.api('GET', `${base}/${byName['logo.png'].id}`, { token: t.admin });
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['content-disposition']).toMatch(/^inline;/);
    const bytes = await t.app.inject({
      method: 'GET',
      url: `${base}/${byName['logo.png'].id}`,
      headers: { authorization: `Bearer ${t.admin}`, 'x-api-key': TEST_API_KEY },
    });
    expect(Buffer.compare(bytes.rawPayload, PNG)).toBe(0);
    const missing = await t.api('GET', `${base}/${byName['archive.bin'].id}`, { token: t.admin });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/over 10 MB/);
    const stored = await t.database.db
      .selectFrom('email_attachments')
      .select((eb) => eb.fn.max(eb.fn('length', ['content'])).as('longest'))
      .where('email_message_id', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.longest)).toBe(PNG.length);

    const detail = mailMessageDetailSchema.parse(
      (
        await t.api('GET', `/api/email-agent/${account.id}/messages/${message.id}`, {
          token: t.admin,
        })
      ).body,
    );
    expect(detail.html).toContain(`<img src="${base}/${byName['logo.png'].id}" alt="logo">`);
    expect(detail.html).not.toContain('cid:logo');
    // A reference to no part of the message stays as it was.
    expect(detail.html).toContain('cid:missing@x');
  }, 60_000);
});
