/** A row's id in a path or a body: a positive integer that fits PostgreSQL's `integer`. */
import { z } from 'zod';

export const recordIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);
