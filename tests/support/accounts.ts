/** Creates a verified self-signed-up (Trial) account through the public API and the outbox. */
import { api, type RunningServer } from './server';
import { waitForMail } from './outbox';

export async function createVerifiedTrialUser(
  server: RunningServer,
  who: { username: string; email: string; password: string },
): Promise<void> {
  const signup = await api(
    server,
    'POST',
    `/users/signup?verify_page_link=${encodeURIComponent(server.url)}`,
    { body: { ...who, first_name: 'Limited', last_name: 'Person' } },
  );
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}`);
  const mail = await waitForMail(server.dataDir, who.email, '/verify?token=');
  const link = mail.links.find((l) => l.includes('/verify?token='));
  const token = new URL(link ?? '').searchParams.get('token') ?? '';
  const verify = await api(server, 'GET', `/verify/${encodeURIComponent(token)}`);
  if (verify.status !== 200) throw new Error(`verify answered ${verify.status}`);
}

export async function apiLogin(server: RunningServer, email: string, password: string) {
  const res = await api(server, 'POST', '/users/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return (res.body as { access_token: string }).access_token;
}
