import { z } from 'zod';
import { LIST_DEFAULT } from './constants';

/** Query of every paged list (SPEC §3 "Paged list response", §9 defaults). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(LIST_DEFAULT.page),
  size: z.coerce.number().int().min(1).max(500).default(LIST_DEFAULT.size),
  search: z.string().trim().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pagedSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
}
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

/** A list's `sort`: a column key, or `-key` for descending. */
export type SortValue<K extends string> = K | `-${K}`;

/**
 * `sort` of a list query (our addition; SPEC names no order): one of the list's sortable
 * column keys, `-key` for descending; absent keeps the list's own order. Ties keep that order.
 */
export function sortField<K extends string>(keys: readonly K[]) {
  const allowed = new Set<string>(keys.flatMap((key) => [key, `-${key}`]));
  return z
    .custom<SortValue<K>>((value) => typeof value === 'string' && allowed.has(value), {
      message: `sort must be one of: ${[...allowed].join(', ')}`,
    })
    .optional();
}

/** The column and direction of a list's `sort`; null for the list's own order. */
export function sortOrder<K extends string>(
  sort: SortValue<K> | undefined,
): { key: K; descending: boolean } | null {
  if (!sort) return null;
  const descending = sort.startsWith('-');
  return { key: (descending ? sort.slice(1) : sort) as K, descending };
}

/** The address's `sort` when the list has that column; undefined (its own order) otherwise. */
export function knownSort<K extends string>(
  value: string,
  keys: readonly K[],
): SortValue<K> | undefined {
  const order = sortOrder(value as SortValue<string>);
  return order && (keys as readonly string[]).includes(order.key)
    ? (value as SortValue<K>)
    : undefined;
}
