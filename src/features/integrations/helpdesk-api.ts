/** Helpdesk integrations, agents and the hand-off (SPEC §7 Helpdesk). */
import {
  helpdeskApiPaths as paths,
  type Agent,
  type AgentInput,
  type AgentUpdate,
  type Handoff,
  type Helpdesk,
  type HelpdeskAdmin,
  type HelpdeskServing,
  type HelpdeskInput,
  type HelpdeskUpdateInput,
  type Ticket,
} from '@contract/helpdesk-api';
import type { Paged } from '@contract/paging';
import { api } from '@/lib/api';

interface HelpdeskPageArgs {
  page: number;
  size: number;
  search?: string;
}

const LIST = { type: 'Helpdesk', id: 'LIST' } as const;
const AGENTS = { type: 'HelpdeskAgent', id: 'LIST' } as const;
/** Every ticket read (a helpdesk's list, a conversation's): a retry changes them. */
const TICKETS = { type: 'Helpdesk', id: 'TICKETS' } as const;
const one = (id: number) => ({ type: 'Helpdesk' as const, id });

const helpdeskApi = api.injectEndpoints({
  endpoints: (build) => ({
    listHelpdesks: build.query<Paged<Helpdesk>, HelpdeskPageArgs>({
      query: ({ page, size, search }) => ({
        url: paths.list,
        query: { page, size, search: search || undefined },
      }),
      providesTags: (result) => [LIST, ...(result?.items ?? []).map((h) => one(h.id))],
    }),
    getHelpdesk: build.query<Helpdesk, number>({
      query: (id) => paths.one(id),
      providesTags: (_r, _e, id) => [one(id)],
    }),
    createHelpdesk: build.mutation<Helpdesk, HelpdeskInput>({
      query: (body) => ({ url: paths.list, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateHelpdesk: build.mutation<Helpdesk, { id: number; body: HelpdeskUpdateInput }>({
      query: ({ id, body }) => ({ url: paths.one(id), method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [LIST, one(id)],
    }),
    listAgents: build.query<Paged<Agent>, HelpdeskPageArgs & { includeRemoved?: boolean }>({
      query: ({ page, size, search, includeRemoved }) => ({
        url: paths.agents,
        query: {
          page,
          size,
          search: search || undefined,
          include_removed: includeRemoved ? 'true' : undefined,
        },
      }),
      providesTags: [AGENTS],
    }),
    addAgent: build.mutation<Agent, AgentInput>({
      query: (body) => ({ url: paths.agents, method: 'POST', body }),
      invalidatesTags: [AGENTS],
    }),
    updateAgent: build.mutation<Agent, { id: number; body: AgentUpdate }>({
      query: ({ id, body }) => ({ url: paths.agent(id), method: 'PUT', body }),
      invalidatesTags: [AGENTS],
    }),
    addHelpdeskAdmin: build.mutation<HelpdeskAdmin, { user_id: number }>({
      query: (body) => ({ url: paths.admin, method: 'POST', body }),
    }),
    /** The ticket a conversation became, if any (visible on the conversation). */
    conversationTicket: build.query<Ticket | null, string>({
      query: (chatId) => paths.conversationTicket(chatId),
      transformResponse: (body: { ticket: Ticket | null }) => body.ticket,
      providesTags: [TICKETS],
      keepUnusedDataFor: 0,
    }),
    /** The tickets given to a helpdesk, newest first, with their deliveries. */
    helpdeskTickets: build.query<Paged<Ticket>, { id: number; page: number; size: number }>({
      query: ({ id, page, size }) => ({ url: paths.tickets(id), query: { page, size } }),
      providesTags: [TICKETS],
    }),
    /** Sends a ticket's queued events again now. */
    retryTicket: build.mutation<Ticket, number>({
      query: (id) => ({ url: paths.retry(id), method: 'POST' }),
      invalidatesTags: [TICKETS],
    }),
    /** Whether a hand-off would find a helpdesk: asked on each visit of /helpdesk. */
    helpdeskServing: build.query<HelpdeskServing, void>({
      query: () => paths.serving,
      providesTags: [LIST],
      keepUnusedDataFor: 0,
    }),
    /** A fresh single-use token each time: never cached. */
    handoff: build.mutation<Handoff, { helpdesk_id?: number }>({
      query: (body) => ({ url: paths.handoff, method: 'POST', body }),
    }),
  }),
});

export const {
  useListHelpdesksQuery,
  useGetHelpdeskQuery,
  useCreateHelpdeskMutation,
  useUpdateHelpdeskMutation,
  useListAgentsQuery,
  useAddAgentMutation,
  useUpdateAgentMutation,
  useAddHelpdeskAdminMutation,
  useHandoffMutation,
  useHelpdeskServingQuery,
  useConversationTicketQuery,
  useHelpdeskTicketsQuery,
  useRetryTicketMutation,
} = helpdeskApi;
