import { z } from 'zod';
import { pagedSchema } from './paging';

/** SPEC §3 "Email account". The full email-agent area comes with its own issue. */
export const emailAccountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  title: z.string(),
  status: z.boolean(),
});
export type EmailAccount = z.infer<typeof emailAccountSchema>;
export const emailAccountPageSchema = pagedSchema(emailAccountSchema);
