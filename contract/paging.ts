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
