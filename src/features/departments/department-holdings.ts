/**
 * What keeps a department from being deleted, in words, from the counts the server sends with
 * it (the server refuses the delete for the same reasons: DEPARTMENT_IN_USE, DEPARTMENT_HAS_SOPS,
 * General). Null when nothing holds it, or when the server sent no counts: then its 409 says why.
 */
import type { Department } from '@contract/identity';
import type { Translate } from '@/lib/error-text';

/** "users: 3, roles: 1, documents: 2" in the console's language (no plural forms to get wrong). */
export function holdingsText(t: Translate, d: Department, locale: string): string | null {
  const parts = [
    d.user_count > 0 && t('departments:holdings.users', { count: d.user_count }),
    d.role_count > 0 && t('departments:holdings.roles', { count: d.role_count }),
    (d.document_count ?? 0) > 0 && t('departments:holdings.documents', { count: d.document_count }),
    (d.sop_document_count ?? 0) > 0 &&
      t('departments:holdings.sopDocuments', { count: d.sop_document_count }),
    (d.checklist_count ?? 0) > 0 &&
      t('departments:holdings.checklists', { count: d.checklist_count }),
  ].filter((part): part is string => typeof part === 'string');
  if (parts.length === 0) return null;
  return new Intl.ListFormat(locale, { type: 'unit' }).format(parts);
}

/** Why Delete is not offered for this department, or null when it may be deleted. */
export function deleteBlockedReason(t: Translate, d: Department, locale: string): string | null {
  if (d.is_default) return t('departments:cannotDeleteGeneral', { name: d.name });
  const holdings = holdingsText(t, d, locale);
  return holdings ? t('departments:cannotDeleteInUse', { holdings }) : null;
}
