/**
 * The e-mail accounts list the sidebar's Email group shows (SPEC §2: up to 100 accounts). The
 * email-agent area extends this file when it is built.
 */
import { apiPaths } from '@contract/api-paths';
import { EMAIL_LIST_PAGE_SIZE } from '@contract/constants';
import type { EmailAccount } from '@contract/email-agents';
import type { Paged } from '@contract/paging';
import { api } from '@/lib/api';

export const emailAccountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listEmailAccounts: build.query<Paged<EmailAccount>, { page: number; size: number }>({
      query: ({ page, size }) => ({ url: apiPaths.emailAgents, query: { page, size } }),
      providesTags: ['EmailAccount'],
    }),
  }),
});

export const { useListEmailAccountsQuery } = emailAccountsApi;
export const EMAIL_MENU_QUERY = { page: 1, size: EMAIL_LIST_PAGE_SIZE } as const;
