/**
 * GET /permissions: the catalogue as the server stores it; the permission matrix renders it.
 * Apart from permissions.ts so the rules the first screen loads do not pull zod in.
 */
import { z } from 'zod';
import { ACTIONS, MODULES } from './permissions';

export const permissionCatalogueSchema = z.array(
  z.object({ id: z.number().int(), module_name: z.enum(MODULES), action: z.enum(ACTIONS) }),
);
