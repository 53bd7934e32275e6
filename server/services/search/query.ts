/**
 * A search as the index reads it: the question's term groups (question-groups.ts), the
 * expressions each database matches them with, and which of them pick the candidates. Users
 * type questions, not query syntax: every form is a quoted term, so nothing in it is syntax.
 */
import type { TermGroup } from './types';

/** At most this many terms of a question are searched. */
export const MAX_TERMS = 32;

/** FTS5 MATCH expression: every form a quoted string, any of them. */
export function fts5Query(forms: readonly string[]): string {
  return forms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}

/** PostgreSQL tsquery text: every form a quoted lexeme, taken as it is, any of them. */
export function tsqueryText(forms: readonly string[]): string {
  return forms.map((t) => `'${t.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ');
}

/**
 * Candidates a search reads at most. When the question's terms together are in more passages,
 * only the passages holding its rarer terms (those that decide the order) are read, still scored
 * on every term; if that leaves fewer than asked for, all are read after all, up to the bound.
 */
export const CANDIDATE_CAP = 600;
/** Passages read at most when even the rarest term is in more than CANDIDATE_CAP (by id). */
export const CANDIDATE_BOUND = 4000;

/**
 * The rarest groups whose passages together stay under the cap (at least one), or null: read
 * every group's. Decided on document frequencies alone, so both databases read the same rows.
 */
export function rareGroups(
  groups: readonly TermGroup[],
  dfs: readonly number[],
): TermGroup[] | null {
  const total = dfs.reduce((a, b) => a + b, 0);
  if (total <= CANDIDATE_CAP || groups.length < 2) return null;
  const order = groups.map((g, i) => [g, dfs[i]] as const).sort((a, b) => a[1] - b[1]);
  const rare: TermGroup[] = [];
  let sum = 0;
  for (const [group, df] of order) {
    if (rare.length > 0 && sum + df > CANDIDATE_CAP) break;
    rare.push(group);
    sum += df;
  }
  return rare.length < groups.length ? rare : null;
}

/** Every form of the groups, once. */
export const formsOf = (groups: readonly TermGroup[]) => [
  ...new Set(groups.flatMap((g) => g.forms)),
];
