/**
 * The e-mail agent's calls (SPEC §7 /email-agent): accounts, their history and connection test,
 * and each mailbox's messages, drafts, compose, sync and figures. Paths come from contract's route
 * table; `{email_id}` is the account's id or address. The sidebar's Email group reads the same
 * account list (`EMAIL_MENU_QUERY`), so the two share one cache entry.
 */
import { fillRoute } from '@contract/api-paths';
import { EMAIL_LIST_PAGE_SIZE } from '@contract/constants';
import { emailRoutes } from '@contract/email-agent-routes';
import type {
  ConnectionTest,
  ConnectionTestInput,
  EmailAccount,
  EmailAccountCreate,
  EmailAccountUpdate,
  EmailHistoryEntry,
} from '@contract/email-agents';
import type {
  ComposeDraftAnswer,
  ComposeDraftInput,
  ComposeInput,
  EmailStats,
  MailDraft,
  MailFolder,
  MailMessage,
  MailMessageDetail,
} from '@contract/email-mailbox';
import type { Paged } from '@contract/paging';
import { api, type HttpQueryArgs } from '@/lib/api';
import type { ApiErrorData } from '@/lib/http';
import { saveBlob } from '@/lib/save-blob';

const r = emailRoutes;
const ref = (email_id: number | string) => ({ email_id });
const LIST = { type: 'EmailAccount', id: 'LIST' } as const;
const one = (id: number | string) => ({ type: 'EmailAccount' as const, id });
const mail = (id: number | string) => ({ type: 'EmailAccount' as const, id: `mail:${id}` });

/** The Email group's accounts (SPEC §2: up to 100), the list page's first page alike. */
export const EMAIL_MENU_QUERY = { page: 1, size: EMAIL_LIST_PAGE_SIZE } as const;

/** A message's attachment (or inline part): the account's id or address, the message, the part. */
interface PartRef {
  id: string;
  message: number;
  part: number;
}
const partUrl = ({ id, message, part }: PartRef) =>
  fillRoute(r.attachment, { email_id: id, message, attachment: part });

/** The bytes as a data: URL of the part's own type. */
async function dataUrlOf(blob: Blob, type: string): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${type};base64,${btoa(binary)}`;
}

interface PageArgs {
  page: number;
  size: number;
  search?: string;
}

const emailAgentApi = api.injectEndpoints({
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
    /**
     * The person's kept compose draft for the account. Read afresh each time compose opens (it
     * may have been kept from another tab), never from the cache.
     */
    composeDraft: build.query<ComposeDraftAnswer, string>({
      query: (id) => fillRoute(r.composeDraft, ref(id)),
      keepUnusedDataFor: 0,
    }),
    /** `keepalive`: sent as the page goes away, the request must outlive it. */
    saveComposeDraft: build.mutation<
      ComposeDraftAnswer,
      { id: string; body: ComposeDraftInput; keepalive?: boolean }
    >({
      query: ({ id, body, keepalive }) => ({
        url: fillRoute(r.composeDraft, ref(id)),
        method: 'PUT',
        body,
        keepalive,
      }),
    }),
    discardComposeDraft: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: fillRoute(r.composeDraft, ref(id)), method: 'DELETE' }),
    }),
    /** An attachment, read with the token and saved by the browser under its own name. */
    downloadAttachment: build.mutation<null, PartRef & { filename: string }>({
      async queryFn(ref, _api, _extra, baseQuery) {
        const read = await baseQuery({ url: partUrl(ref), responseType: 'blob' });
        if (read.error) return { error: read.error as ApiErrorData };
        saveBlob(read.data as Blob, ref.filename);
        return { data: null };
      },
    }),
    /**
     * The images an HTML mail shows from its own parts, part id -> data: URL. The frame cannot
     * load them itself (they need the token, and its CSP allows no address), and as data: URLs
     * they are strings the cache can keep. A part that cannot be read is left out, and shows as
     * a missing image.
     */
    mailInlineImages: build.query<
      Record<number, string>,
      { id: string; message: number; parts: { id: number; type: string }[] }
    >({
      async queryFn({ id, message, parts }, _api, _extra, baseQuery) {
        const read = await Promise.all(
          parts.map(async ({ id: part, type }) => {
            const args: HttpQueryArgs = {
              url: partUrl({ id, message, part }),
              responseType: 'blob',
            };
            const answer = await baseQuery(args);
            return answer.error
              ? null
              : ([part, await dataUrlOf(answer.data as Blob, type)] as const);
          }),
        );
        return { data: Object.fromEntries(read.filter((r) => r !== null)) };
      },
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
  useComposeDraftQuery,
  useSaveComposeDraftMutation,
  useDiscardComposeDraftMutation,
  useSyncMailboxMutation,
  useDownloadAttachmentMutation,
  useMailInlineImagesQuery,
} = emailAgentApi;
