/** Path parameters shared by the identity routes. */
import { z } from 'zod';

const recordId = z.coerce.number().int().positive().max(2_147_483_647);

export const idParams = z.object({ id: recordId });
export const userIdParams = z.object({ userId: recordId });
export const historyRestoreParams = z.object({ id: recordId, entry: recordId });
