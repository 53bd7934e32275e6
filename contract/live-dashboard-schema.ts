/** The live dashboard's answer (constants and rules: live-dashboard.ts, which stays zod-free). */
import { z } from 'zod';

export const liveDashboardSchema = z.object({
  conversations: z
    .object({
      today: z.number().int(),
      week: z.number().int(),
      daily: z.array(z.object({ date: z.string(), count: z.number().int() })),
      answer_p95_ms: z.number(),
      satisfaction_score: z.number(),
      ratings: z.number().int(),
    })
    .nullable(),
  documents: z
    .object({
      ready: z.number().int(),
      processing: z.number().int(),
      failed: z.number().int(),
      latest_failures: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          error: z.string(),
          updated_at: z.string(),
        }),
      ),
    })
    .nullable(),
  widgets: z
    .array(z.object({ client_id: z.string(), client_name: z.string(), visitors: z.number().int() }))
    .nullable(),
});
export type LiveDashboard = z.infer<typeof liveDashboardSchema>;
