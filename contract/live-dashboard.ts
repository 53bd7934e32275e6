/**
 * GET /reports/dashboard: the signed-in person's live figures on /dashboard, each part
 * only when their rights open it (null otherwise), within their departments:
 * - conversations (Reports.LIST_VIEW, as the reports): today and the last 7 days (UTC), a
 *   point per day for the sparkline, answer time p95 and satisfaction over those 7 days;
 * - documents (Documents.LIST_VIEW): counts by status (queued counts as processing) and the
 *   latest failed ingestions;
 * - widgets (Service_agent.LIST_VIEW, the widgets their list shows): the most visited over the
 *   last 7 days (visitor sessions opened).
 */
export const LIVE_DAYS = 7;
export const LIVE_FAILURES = 5;
export const LIVE_WIDGETS = 5;
/** How often the dashboard reads again. */
export const LIVE_REFRESH_MS = 30_000;
export type { LiveDashboard } from './live-dashboard-schema';
