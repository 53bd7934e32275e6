/**
 * GET /reports/dashboard (issue 14): the signed-in person's live figures on /dashboard, each part
 * only when their rights open it (null otherwise), within their departments:
 * - conversations (Reports.LIST_VIEW, as the reports): today and the last 7 days (UTC), a
 *   point per day for the sparkline, answer time p95 and satisfaction over those 7 days;
 * - documents (Documents.LIST_VIEW): counts by status (queued counts as processing) and the
 *   latest failed ingestions;
 * - widgets (Service_agent.LIST_VIEW, the widgets their list shows): the most visited over the
 *   last 7 days (visitor sessions opened).
 */
import { z } from 'zod';

export const LIVE_DAYS = 7;
export const LIVE_FAILURES = 5;
export const LIVE_WIDGETS = 5;
/** How often the dashboard reads again. */
export const LIVE_REFRESH_MS = 30_000;

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
