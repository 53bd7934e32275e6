/**
 * The e-mail agent's calls (SPEC §7 /email-agent): accounts, their history and connection test,
 * and each mailbox's messages, drafts, compose, sync and figures. Paths come from contract's route
 * table; `{email_id}` is the account's id or address. The sidebar's Email group reads the same
 * account list (`EMAIL_MENU_QUERY`), so the two share one cache entry.
 */
import { fillRoute } from '@contract/api-paths';
import { EMAIL_LIST_PAGE_SIZE } from '@contract/constants';
import { emailRoutes } from '@contract/email-agents';
import type {
  ConnectionTest,
  ConnectionTestInput,
  EmailAccount,
  EmailAccountCreate,
  EmailAccountUpdate,
  EmailHistoryEntry,
} from '@contract/email-agents';
import type {
  ComposeInput,
  EmailStats,
  MailDraft,
  MailFolder,
  MailMessage,
  MailMessageDetail,
} from '@contract/email-mailbox';
import type { Paged } from '@contract/paging';
import { api } from '@/lib/api';

const r = emailRoutes;
const ref = (email_id: number | string) => ({ email_id });
const LIST = { type: 'EmailAccount', id: 'LIST' } as const;
const one = (id: number | string) => ({ type: 'EmailAccount' as const, id });
const mail = (id: number | string) => ({ type: 'EmailAccount' as const, id: `mail:${id}` });

/** The Email group's accounts (SPEC §2: up to 100), the list page's first page alike. */
export const EMAIL_MENU_QUERY = { page: 1, size: EMAIL_LIST_PAGE_SIZE } as const;

export interface PageArgs {
  page: number;
  size: number;
  search?: string;
}

export const emailAgentApi = api.injectEndpoints({
  endpoints: (build) => ({
    listEmailAgents: build.query<Paged<EmailAccount>, PageArgs>({
      query: ({ page, size, search }) => ({
        url: r.list,
        query: { page, size, search: search || undefined },
      }),
      providesTags: (result) => [LIST, ...(result?.items ?? []).map((a) => one(a.id))],
    }),
    getEmailAgent: build.query<EmailAccount, string>({
      query: (id) => fillRoute(r.one, ref(id)),
      providesTags: (result, _e, id) => [one(id), ...(result ? [one(result.id)] : [])],
    }),
    createEmailAgent: build.mutation<EmailAccount, EmailAccountCreate>({
      query: (body) => ({ url: r.list, method: 'POST', body }),
      invalidatesTags: ['EmailAccount'],
    }),
    updateEmailAgent: build.mutation<EmailAccount, { id: number; body: EmailAccountUpdate }>({
      query: ({ id, body }) => ({ url: fillRoute(r.one, ref(id)), method: 'PUT', body }),
      invalidatesTags: ['EmailAccount'],
    }),
    deleteEmailAgent: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: fillRoute(r.one, ref(id)), method: 'DELETE' }),
      invalidatesTags: ['EmailAccount'],
    }),
    emailAgentHistory: build.query<Paged<EmailHistoryEntry>, { id: string; page: number }>({
      query: ({ id, page }) => ({
        url: fillRoute(r.history, ref(id)),
        query: { page, size: 20 },
      }),
      providesTags: (_r, _e, { id }) => [one(id), mail(id)],
    }),
    testEmailConnection: build.mutation<ConnectionTest, ConnectionTestInput>({
      query: (body) => ({ url: r.connectionTest, method: 'POST', body }),
    }),
    emailStats: build.query<EmailStats, string>({
      query: (id) => fillRoute(r.stats, ref(id)),
      providesTags: (_r, _e, id) => [mail(id)],
    }),
    mailMessages: build.query<Paged<MailMessage>, PageArgs & { id: string; folder: MailFolder }>({
      query: ({ id, folder, page, size, search }) => ({
        url: fillRoute(r.messages, ref(id)),
        query: { folder, page, size, search: search || undefined },
      }),
      providesTags: (_r, _e, { id }) => [mail(id)],
    }),
    mailMessage: build.query<MailMessageDetail, { id: string; message: number }>({
      query: ({ id, message }) => fillRoute(r.message, { email_id: id, message }),
    }),
    mailDrafts: build.query<Paged<MailDraft>, { id: string; page: number; size: number }>({
      query: ({ id, page, size }) => ({
        url: fillRoute(r.drafts, ref(id)),
        query: { page, size, status: 'pending' },
      }),
      providesTags: (_r, _e, { id }) => [mail(id)],
    }),
    editDraft: build.mutation<
      MailDraft,
      { id: string; draft: number; body: { to?: string[]; subject?: string; body?: string } }
    >({
      query: ({ id, draft, body }) => ({
        url: fillRoute(r.draft, { email_id: id, draft }),
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => [mail(id)],
    }),
    sendDraft: build.mutation<{ message: string }, { id: string; draft: number }>({
      query: ({ id, draft }) => ({
        url: fillRoute(r.draftSend, { email_id: id, draft }),
        method: 'POST',
      }),
      invalidatesTags: (_r, _e, { id }) => [mail(id)],
    }),
    discardDraft: build.mutation<{ message: string }, { id: string; draft: number }>({
      query: ({ id, draft }) => ({
        url: fillRoute(r.draftDiscard, { email_id: id, draft }),
        method: 'POST',
      }),
      invalidatesTags: (_r, _e, { id }) => [mail(id)],
    }),
    composeMail: build.mutation<{ message: string }, { id: string; body: ComposeInput }>({
      query: ({ id, body }) => ({ url: fillRoute(r.compose, ref(id)), method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [mail(id)],
    }),
    syncMailbox: build.mutation<{ stored: number; busy: boolean; error?: string }, string>({
      query: (id) => ({ url: fillRoute(r.sync, ref(id)), method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [mail(id), one(id)],
    }),
  }),
});

export const {
  useListEmailAgentsQuery,
  useGetEmailAgentQuery,
  useCreateEmailAgentMutation,
  useUpdateEmailAgentMutation,
  useDeleteEmailAgentMutation,
  useEmailAgentHistoryQuery,
  useTestEmailConnectionMutation,
  useEmailStatsQuery,
  useMailMessagesQuery,
  useMailMessageQuery,
  useMailDraftsQuery,
  useEditDraftMutation,
  useSendDraftMutation,
  useDiscardDraftMutation,
  useComposeMailMutation,
  useSyncMailboxMutation,
} = emailAgentApi;
