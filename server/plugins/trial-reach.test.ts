/**
 * A self-registered Trial user's whole reach: every API route their token gets past the sign-in
 * and rights checks of. Each route of the live API document is called with a Trial token; the
 * ones not refused there must be exactly TRIAL_REACH. A new route that a Trial token can call
 * fails this test until it is added here, with the reason it is safe for a stranger who signed
 * up a minute ago.
 */
import { expect, it } from 'vitest';
import { describeApi, trialUser, type SuiteApp } from '../test-support/test-app';

/** Route → why a Trial user may call it (their sandbox department is the only place they hold rights). */
const TRIAL_REACH: Record<string, string> = {
  'GET /api/health': 'public: the load balancer’s check, says nothing but up or down',
  'POST /api/users/login': 'public: signing in',
  'POST /api/users/logout': 'ends their own session',
  'POST /api/users/signup': 'public: sign-up answers alike for every address',
  'POST /api/users/forgot-password/{email}': 'public: answers alike for every address',
  'POST /api/users/resend-verification/': 'public: answers alike for every address',
  'GET /api/verify/{token}': 'public: a mailed one-use token',
  'GET /api/verify/reset/{token}': 'public: a mailed one-use token',
  'POST /api/verify/reset/{token}': 'public: a mailed one-use token',
  'POST /api/helpdesk/exchange': 'public: needs a helpdesk site’s signing secret',
  'GET /api/users/me': 'their own profile and rights',
  'PUT /api/users/me': 'their own profile',
  'GET /api/user/me': 'their own profile',
  'PUT /api/users/me/password': 'their own password, behind the current one',
  'GET /api/permissions': 'the catalogue of rights: names only',
  'GET /api/reports/dashboard': 'the dashboard’s figures, each within the reader’s own rights',
  'GET /api/chat/models': 'the answer engines on offer',
  'GET /api/chat/conversations': 'their own conversations',
  'GET /api/chat/conversations/{chat_id}': 'their own conversation',
  'GET /api/chat/conversations/{chat_id}/charts/{message_id}':
    'the chart kept with an answer of their own conversation',
  'PUT /api/chat/conversations/{chat_id}': 'renames their own conversation',
  'DELETE /api/chat/conversations/{chat_id}': 'deletes their own conversation',
  'POST /api/chat/stuff': 'asks the assistant, answering from their sandbox only',
  'POST /api/chat/stuff-v2': 'asks the assistant, answering from their sandbox only',
  'POST /api/chat/stuff-v3': 'asks the assistant, answering from their sandbox only',
  'POST /api/chat/feedback': 'rates an answer of their own conversation',
  'POST /api/chat/get-rec-ques': 'suggested questions from their own documents',
  'POST /api/chat/visual_router': 'charts from their documents and sources they may query (none)',
  'POST /api/chat/generate_visual': 'charts from their documents and sources they may query (none)',
  'GET /api/helpdesk/tickets/conversation/{chat_id}': 'the ticket of their own conversation',
  'GET /api/upload/uploaded/documents': 'documents of their sandbox',
  'GET /api/upload/documents/{id}': 'a document of their sandbox',
  'GET /api/upload/documents/{id}/download': 'a document of their sandbox',
  'GET /api/download/{id}': 'a file of a document of their sandbox',
  'GET /api/download/{id}/notes': 'what the source viewer says beside that file',
  'POST /api/upload/docs': 'uploads into their sandbox, checked by content and size',
  'POST /api/upload/urls': 'web pages into their sandbox; public addresses only',
  'PUT /api/upload/update_soft_delete': 'their sandbox’s recycle bin',
  'POST /api/delete/documents/all': 'empties their sandbox',
  'POST /api/delete/url/sitemap': 'removes a sitemap’s pages from their sandbox',
  'GET /api/service-agent': 'their chat widgets',
  'POST /api/service-agent': 'a chat widget answering from their sandbox',
  'GET /api/service-agent/{id}': 'their chat widget',
  'PUT /api/service-agent/{id}': 'their chat widget',
  'DELETE /api/service-agent/{id}': 'their chat widget',
  'GET /api/service-agent/history/{client_id}': 'visitor conversations of their widgets',
  'GET /api/integrations/db-source':
    'database sources of their sandbox: there are none, they may not add one',
  'GET /api/integrations/db-source/db-types': 'the kinds of database on offer: names only',
  'GET /api/integrations/db-source/tables': 'a source of their sandbox: there is none',
  'POST /api/integrations/db-source': 'refused to Trial users by the service: no database sources',
  'POST /api/integrations/db-source/test':
    'refused to Trial users by the service: no database sources',
  'POST /api/integrations/db-source/query': 'a source of their sandbox: there is none',
  'DELETE /api/integrations/db-source': 'a source of their sandbox: there is none',
};

/** The refusals of the auth and rights checks, before any handler runs. */
const HOOK_REFUSALS = [
  'You do not have permission to do this.',
  'Only the default administrator may do this.',
  'Only a visitor of a chat widget may call this.',
  'API keys cannot call this route; sign in as a person.',
];

const SAMPLE_PARAMS: Record<string, string> = { token: 'not-a-token', email: 'nobody@example.com' };

async function reachOf(t: SuiteApp, trial: { email: string; password: string }) {
  const document = await t.api('GET', '/api-docs/json', { apiKey: null });
  const doc = document.body as { paths: Record<string, Record<string, unknown>> };
  let token = await t.login(trial.email, trial.password);
  const reached: string[] = [];
  const refused: string[] = [];
  const routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
  );
  // Signing out ends the token the other calls use: it goes last.
  routes.sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
  for (const { method, path } of routes) {
    if (!path.startsWith('/api/')) continue;
    const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => SAMPLE_PARAMS[name] ?? '1');
    const call = () =>
      t.api(method as 'GET', url, { token, ...(method === 'GET' ? {} : { body: {} }) });
    let res = await call();
    if (res.status === 401 && res.body?.code === 'SESSION_EXPIRED') {
      // An earlier call (a password or profile change) ended the session: sign in again.
      token = await t.login(trial.email, trial.password);
      res = await call();
    }
    const key = `${method} ${path}`;
    const byHooks = res.status === 403 && HOOK_REFUSALS.includes(res.body?.message);
    (byHooks ? refused : reached).push(key);
    expect(res.status, `${key}: ${res.raw.slice(0, 200)}`).toBeLessThan(500);
  }
  return { reached: reached.sort(), refused };
}

describeApi('a Trial user’s reach', (t) => {
  it('when a Trial token calls every route, then exactly the listed ones get past the rights checks', async () => {
    const trial = await trialUser(t, 'reach');
    const { reached, refused } = await reachOf(t, trial);
    expect(refused.length).toBeGreaterThan(50);
    expect(reached).toEqual(Object.keys(TRIAL_REACH).sort());
  });
});
