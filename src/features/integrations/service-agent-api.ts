/**
 * The service agent, the chat widget of SPEC §7 ("Chat widget (service agent)"). `/service-agent/{id}` takes the
 * numeric id or the client_id: the pages are addressed by client_id (SPEC §2), the mutations
 * use the id the list and forms already hold.
 */
import type { Paged } from '@contract/paging';
import {
  serviceAgentApiPaths as paths,
  type ServiceAgent,
  type ServiceAgentConversation,
  type ServiceAgentCreate,
  type ServiceAgentUpdate,
} from '@contract/service-agent';
import { api } from '@/lib/api';

interface ServiceAgentPageArgs {
  page: number;
  size: number;
  search?: string;
}

const LIST = { type: 'ServiceAgent', id: 'LIST' } as const;
const one = (id: number | string) => ({ type: 'ServiceAgent' as const, id });
/** Both names of a widget, so a change by id refreshes the page read by client_id. */
const both = (w: Pick<ServiceAgent, 'id' | 'client_id'>) => [one(w.id), one(w.client_id)];

const serviceAgentApi = api.injectEndpoints({
  endpoints: (build) => ({
    listServiceAgents: build.query<Paged<ServiceAgent>, ServiceAgentPageArgs>({
      query: ({ page, size, search }) => ({
        url: paths.list,
        query: { page, size, search: search || undefined },
      }),
      providesTags: (result) => [LIST, ...(result?.items ?? []).flatMap(both)],
    }),
    getServiceAgent: build.query<ServiceAgent, string>({
      query: (clientId) => paths.one(clientId),
      providesTags: (result, _e, clientId) => (result ? both(result) : [one(clientId)]),
    }),
    createServiceAgent: build.mutation<ServiceAgent, ServiceAgentCreate>({
      query: (body) => ({ url: paths.create, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateServiceAgent: build.mutation<ServiceAgent, { id: number; body: ServiceAgentUpdate }>({
      query: ({ id, body }) => ({ url: paths.one(id), method: 'PUT', body }),
      invalidatesTags: (result, _e, { id }) => [LIST, one(id), ...(result ? both(result) : [])],
    }),
    /** The list's status toggle (SPEC §4): PUT {status} alone. */
    setServiceAgentStatus: build.mutation<ServiceAgent, { id: number; status: boolean }>({
      query: ({ id, status }) => ({ url: paths.one(id), method: 'PUT', body: { status } }),
      // The row changes at once; a refusal puts it back.
      async onQueryStarted({ id, status }, { dispatch, queryFulfilled, getState }) {
        const patches = serviceAgentApi.util
          .selectInvalidatedBy(getState(), [LIST])
          .filter((entry) => entry.endpointName === 'listServiceAgents')
          .map((entry) =>
            dispatch(
              serviceAgentApi.util.updateQueryData(
                'listServiceAgents',
                entry.originalArgs as ServiceAgentPageArgs,
                (draft) => {
                  const row = draft.items.find((w) => w.id === id);
                  if (row) row.status = status;
                },
              ),
            ),
          );
        try {
          await queryFulfilled;
        } catch {
          patches.forEach((patch) => patch.undo());
        }
      },
      invalidatesTags: (result, error, { id }) =>
        error ? [] : [one(id), ...(result ? both(result) : [])],
    }),
    deleteServiceAgent: build.mutation<unknown, number>({
      query: (id) => ({ url: paths.one(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST, one(id)],
    }),
    /** GET /service-agent/history/{client_id}: visitor conversations, newest first. */
    serviceAgentConversations: build.query<
      Paged<ServiceAgentConversation>,
      { clientId: string; page: number; size: number }
    >({
      query: ({ clientId, page, size }) => ({
        url: paths.history(clientId),
        query: { page, size },
      }),
      providesTags: (_r, _e, { clientId }) => [{ type: 'ServiceAgentHistory', id: clientId }],
    }),
  }),
});

export const {
  useListServiceAgentsQuery,
  useGetServiceAgentQuery,
  useCreateServiceAgentMutation,
  useUpdateServiceAgentMutation,
  useSetServiceAgentStatusMutation,
  useDeleteServiceAgentMutation,
  useServiceAgentConversationsQuery,
} = serviceAgentApi;
