/**
 * Component-test helpers for the knowledge screens: documents and profiles built from the
 * contract's types, and MSW handlers answering the contract's shapes. Imported by tests only.
 */
import { configure } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiPaths } from '@contract/api-paths';
import type { KnowledgeDocument, UploadDocsResponse } from '@contract/knowledge';
import type { Paged } from '@contract/paging';
import { actionsFromPermissionSet, idsOf, type ActionName } from '@contract/permissions';
import type { PermissionEntry, UserProfile } from '@contract/profile';
import { profileWith } from '@/test/fixtures';
import { apiUrl } from '@/test/handlers';

// A lazy page, the session check and the list calls chain up; on a loaded 2-core machine that can
// outlast setup.ts's 5 s. Test files are isolated, so this only reaches the knowledge tests.
configure({ asyncUtilTimeout: 15_000 });

let nextId = 100;

export function documentFixture(overrides: Partial<KnowledgeDocument> = {}): KnowledgeDocument {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `document-${id}.pdf`,
    is_url: false,
    type: 'pdf',
    size_bytes: 20480,
    department_id: 1,
    department_name: 'General',
    uploaded_by: { id: 7, name: 'Ada Lovelace' },
    uploaded_at: '2025-03-04T15:05:00Z',
    status: 'ready',
    error: null,
    soft_delete: false,
    advanced_training: false,
    need_summary: false,
    summary: null,
    page_count: 1,
    chunk_count: 3,
    parent_id: null,
    last_fetched_at: null,
    progress: null,
    ...overrides,
  };
}

export function paged(items: KnowledgeDocument[], page = 1, size = 100): Paged<KnowledgeDocument> {
  return { items, total: items.length, page, size };
}

/** One role assignment per department, each with the given Documents actions. */
export function documentsProfile(
  departments: { id: number; name: string; actions: ActionName[] }[],
): UserProfile {
  const permissions: PermissionEntry[] = departments.map((d) => ({
    role_id: 2,
    role_name: 'Staff',
    department_id: d.id,
    department_name: d.name,
    actions: actionsFromPermissionSet(idsOf(...d.actions.map((a) => `Documents.${a}` as const))),
  }));
  return { ...profileWith([]), permissions };
}

/** Every Documents right in General (department 1). */
export const documentsEditor = documentsProfile([
  { id: 1, name: 'General', actions: ['ADD', 'LIST_VIEW', 'VIEW', 'DELETE', 'UPDATE'] },
]);

/** GET /upload/uploaded/documents, recording each query it was asked. */
export function documentsHandler(
  answer: (query: URLSearchParams) => Paged<KnowledgeDocument>,
  seen: URLSearchParams[] = [],
) {
  return http.get(apiUrl(apiPaths.documents), ({ request }) => {
    const query = new URL(request.url).searchParams;
    seen.push(query);
    return HttpResponse.json<Paged<KnowledgeDocument>>(answer(query));
  });
}

export function uploadAnswer(
  fileName: string,
  statusCode: number,
  message: string,
  documentId: number | null = null,
): UploadDocsResponse {
  return {
    items: [{ file_name: fileName, status_code: statusCode, message, document_id: documentId }],
  };
}

/** A File of `size` bytes (jsdom's File keeps the bytes; the name decides the type here). */
export function fileOf(name: string, size = 1024, type = ''): File {
  return new File([new Uint8Array(size)], name, { type, lastModified: 1_700_000_000_000 });
}
