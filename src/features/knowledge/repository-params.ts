/**
 * /repository keeps page, size, search and its filters in the address (like every list), so a
 * reload, the back button or a shared link shows the same documents. Defaults stay out of it.
 */
import { DOCUMENT_SORTS } from '@contract/knowledge';
import { knownSort } from '@contract/paging';
import type { ListParams } from '@/lib/use-list-params';
import type { DocumentsArgs } from './knowledge-api';

/** `sitemap=<id>`: the pages that sitemap lists instead of the top-level documents. */
export const REPOSITORY_FILTERS = ['department', 'kind', 'view', 'sitemap'] as const;
export type RepositoryFilter = (typeof REPOSITORY_FILTERS)[number];

/** `kind`: files only or web addresses only; `view=bin`: the recycle bin. */
export type DocumentKind = '' | 'files' | 'web';
export type RepositoryView = 'documents' | 'bin';

export function viewOf(params: ListParams<RepositoryFilter>): RepositoryView {
  return params.filters.view === 'bin' ? 'bin' : 'documents';
}

export function kindOf(params: ListParams<RepositoryFilter>): DocumentKind {
  const kind = params.filters.kind;
  return kind === 'files' || kind === 'web' ? kind : '';
}

/** The sitemap whose pages are listed, or null. */
export function sitemapOf(params: ListParams<RepositoryFilter>): number | null {
  const id = Number(params.filters.sitemap);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The address's list state as the query of GET /upload/uploaded/documents. */
export function documentsArgs(params: ListParams<RepositoryFilter>): DocumentsArgs {
  const args: DocumentsArgs = { page: params.page, size: params.size };
  if (params.search) args.search = params.search;
  const department = Number(params.filters.department);
  if (Number.isInteger(department) && department > 0) args.department_id = department;
  const kind = kindOf(params);
  if (kind) args.is_url = kind === 'web' ? 'true' : 'false';
  if (viewOf(params) === 'bin') args.soft_delete = 'true';
  const sitemap = sitemapOf(params);
  if (sitemap) args.parent_id = sitemap;
  const sort = knownSort(params.sort, DOCUMENT_SORTS);
  if (sort) args.sort = sort;
  return args;
}
