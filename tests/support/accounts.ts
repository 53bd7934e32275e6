/** Creates a verified self-signed-up (Trial) account through the public API and the outbox. */
import { idsOf } from '../../contract/permissions';
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

/**
 * A verified account holding exactly `rights`, through one role of its own in General (its Trial
 * role and sandbox department replaced), as an administrator would set it up.
 */
export async function createUserWithRights(
  server: RunningServer,
  who: { username: string; email: string; password: string },
  role: { name: string; rights: Parameters<typeof idsOf> },
): Promise<void> {
  await createVerifiedTrialUser(server, who);
  const token = await apiLogin(server, server.admin.email, server.admin.password);
  const created = await api(server, 'POST', '/roles', {
    token,
    body: { name: role.name, department_id: 1, permission_set: idsOf(...role.rights) },
  });
  if (created.status !== 201) throw new Error(`role creation answered ${created.status}`);
  const user = await api(server, 'GET', `/users/${encodeURIComponent(who.email)}`, { token });
  const assigned = await api(server, 'PUT', `/users/${(user.body as { id: number }).id}`, {
    token,
    body: { assignments: [{ department_id: 1, role_id: (created.body as { id: number }).id }] },
  });
  if (assigned.status !== 200) throw new Error(`role assignment answered ${assigned.status}`);
}
