import { z } from 'zod';

/**
 * Served by the server at GET /runtime-config.json (outside /api, no key needed) so one SPA
 * build runs anywhere.
 */
export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  apiKey: z.string(),
  /** Where the checklist service answers (SOP save/export); default: apiBaseUrl. */
  sopServiceUrl: z.string().optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
