import { expect, it } from 'vitest';
import { tokenFromMail } from '../test-support/outbox';
import { describeApi, newPerson, signedInUser } from '../test-support/test-app';
import { createWidget, visitorOf } from '../test-support/widgets';
import { expectDocumented, readDocument, validationRecorder } from './docs-check';
import { publicRouteSchemas } from './route-schemas-public';

/** The recorder, calling with another bearer token than the administrator's. */
const as = (t: Parameters<typeof validationRecorder>[0], token: string) =>
  validationRecorder(Object.create(t, { admin: { value: token } }));

describeApi('live API documentation of the public and visitor routes', (t) => {
  it('when the health check, the mailed links and a widget visitor are called, then each validates exactly the documented shapes', async () => {
    const { call, seen } = validationRecorder(t);
    const health = await call('GET', '/api/health', '/api/health');
    expect(health.body.status).toBe('ok');

    const link = `verify_page_link=${encodeURIComponent('/verify')}`;
    const signup = newPerson('docspublic');
    const joined = await t.api('POST', `/api/users/signup?${link}`, { body: signup });
    expect(joined.status, joined.raw).toBe(201);
    const verify = tokenFromMail(t.mails(), signup.email, '/verify?token=');
    const verified = await call('GET', `/api/verify/${verify}`, '/api/verify/:token');
    expect(verified.body.email).toBe(signup.email);

    const who = await signedInUser(t);
    const forgot = await t.api('POST', `/api/users/forgot-password/${who.email}?${link}`);
    expect(forgot.status, forgot.raw).toBe(200);
    const reset = tokenFromMail(t.mails(), who.email, '/reset-password?token=');
    const check = '/api/verify/reset/:token';
    await call('GET', `/api/verify/reset/${reset}`, check);
    await call('POST', `/api/verify/reset/${reset}`, check, { password: 'Docs-Reset-456' });
    expect(await t.login(who.email, 'Docs-Reset-456')).toBeTruthy();

    // A widget's visitor, with the token its login by key gave.
    const widget = await createWidget(t, t.admin);
    const visitor = as(t, (await visitorOf(t, widget.client_id)).access_token);
    const me = '/api/service-agent/me';
    await visitor.call('GET', `${me}?history=true`, me);
    const answer = await visitor.call('POST', `${me}/chat`, `${me}/chat`, {
      query: 'When is the shop open?',
    });
    const streamed = await visitor.call(
      'POST',
      `${me}/chat`,
      `${me}/chat`,
      { query: 'And on Sundays?' },
      { accept: 'text/event-stream' },
    );
    expect(streamed.raw).toMatch(/event: done\ndata: \{/);
    const rating = { message_id: answer.body.message_id, rating: 'up' };
    const rated = await visitor.call('POST', `${me}/feedback`, `${me}/feedback`, rating);
    expect(rated.body).toMatchObject(rating);
    for (const [key, parts] of visitor.seen) seen.set(key, parts);

    expectDocumented(await readDocument(t), publicRouteSchemas, seen);
  });
});
