/**
 * Deleted users: the accounts a deletion removed, as they were when deleted, so they can be
 * found and brought back. A user counts as deleted while their newest history entry is the
 * deletion and no account holds their id.
 */
import { z } from 'zod';
import { actorSchema, userSnapshotSchema } from './identity';
import { pagedSchema, pageQuerySchema } from './paging';

export const deletedUserSchema = userSnapshotSchema.extend({
  id: z.number().int(),
  deleted_at: z.string(),
  /** Who deleted the account; null when that is not recorded (e.g. removed by the system). */
  deleted_by: actorSchema,
});
export type DeletedUser = z.infer<typeof deletedUserSchema>;

export const deletedUserPageSchema = pagedSchema(deletedUserSchema);

/**
 * GET /users/deleted: newest deletion first; `search` matches names, user name and e-mail,
 * `department_name` the departments the user belonged to when deleted.
 */
export const deletedUsersQuerySchema = pageQuerySchema.extend({
  department_name: z.string().trim().max(64).optional(),
});
export type DeletedUsersQuery = z.input<typeof deletedUsersQuerySchema>;
