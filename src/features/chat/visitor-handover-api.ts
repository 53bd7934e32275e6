/**
 * A chat widget visitor's calls about being handed to people (the visitor token's own): telling
 * the page the widget is on, reading their ticket, leaving an address for the reply.
 */
import {
  helpdeskApiPaths as paths,
  type VisitorPage,
  type VisitorTicket,
} from '@contract/helpdesk-api';
import { api } from '@/lib/api';

const visitorHandoverApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** PUT /helpdesk/visitor/page: kept for a ticket of this conversation. */
    tellVisitorPage: build.mutation<VisitorPage, VisitorPage>({
      query: (body) => ({ url: paths.visitorPage, method: 'PUT', body }),
    }),
    /** GET /helpdesk/visitor/ticket: null until the conversation is handed to people. */
    visitorTicket: build.query<VisitorTicket | null, void>({
      query: () => paths.visitorTicket,
      transformResponse: (body: { ticket: VisitorTicket | null }) => body.ticket,
      keepUnusedDataFor: 0,
    }),
    /** PUT /helpdesk/visitor/ticket/contact. */
    giveVisitorContact: build.mutation<VisitorTicket, { email: string }>({
      query: (body) => ({ url: paths.visitorContact, method: 'PUT', body }),
      // The answer is the ticket as it is now: the widget shows it without asking again.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(visitorHandoverApi.util.upsertQueryData('visitorTicket', undefined, data));
        } catch {
          // The form says why; the ticket is unchanged.
        }
      },
    }),
  }),
});

export const { useTellVisitorPageMutation, useVisitorTicketQuery, useGiveVisitorContactMutation } =
  visitorHandoverApi;
