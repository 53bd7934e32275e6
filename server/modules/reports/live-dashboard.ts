/** The live dashboard: each part only when the person's rights open it. */
import { departmentScope } from '../../../contract/access';
import { LIVE_DAYS, LIVE_FAILURES, LIVE_WIDGETS } from '../../../contract/live-dashboard';
import type { LiveDashboard } from '../../../contract/live-dashboard-schema';
import { liveParts } from '../../../contract/live-parts';
import { isoDay, reportsScope } from '../../../contract/reports';
import type { Actor } from '../identity/public';
import type { AnalyticsRepo } from './analytics-repo';
import { resolveFilter } from './filters';
import type { LiveRepo } from './live-repo';

interface VisibleWidgets {
  (actor: Actor): Promise<{ id: number; client_id: string; client_name: string }[]>;
}

export function createLiveDashboard(deps: {
  live: LiveRepo;
  analytics: AnalyticsRepo;
  visibleWidgets: VisibleWidgets;
}) {
  const { live, analytics, visibleWidgets } = deps;

  async function conversations(actor: Actor, now: Date): Promise<LiveDashboard['conversations']> {
    if (!liveParts(actor.subject).conversations) return null;
    const today = isoDay(now);
    const start = isoDay(new Date(now.getTime() - (LIVE_DAYS - 1) * 864e5));
    const f = resolveFilter({ start_date: start, end_date: today }, reportsScope(actor.subject));
    const [perDay, totals, p95, ratings] = await Promise.all([
      live.conversationsPerDay(f),
      analytics.conversationTotals(f),
      live.latencyP95(f),
      analytics.ratings(f),
    ]);
    const daily = Array.from({ length: LIVE_DAYS }, (_, i) => {
      const date = isoDay(new Date(Date.parse(`${start}T00:00:00Z`) + i * 864e5));
      return { date, count: perDay.get(date) ?? 0 };
    });
    const rated = ratings.positive + ratings.negative;
    return {
      today: perDay.get(today) ?? 0,
      week: totals.conversations,
      daily,
      answer_p95_ms: p95,
      satisfaction_score: rated ? Math.round((ratings.positive * 1000) / rated) / 10 : 0,
      ratings: rated,
    };
  }

  async function documents(actor: Actor): Promise<LiveDashboard['documents']> {
    if (!liveParts(actor.subject).documents) return null;
    const scope = departmentScope(actor.subject, 'Documents', 'LIST_VIEW');
    const [counts, failures] = await Promise.all([
      live.documentsByStatus(scope),
      live.latestFailures(scope, LIVE_FAILURES),
    ]);
    return {
      ...counts,
      latest_failures: failures.map((d) => ({ ...d, error: d.error ?? '' })),
    };
  }

  async function widgets(actor: Actor, now: Date): Promise<LiveDashboard['widgets']> {
    if (!liveParts(actor.subject).widgets) return null;
    const visible = await visibleWidgets(actor);
    const from = new Date(now.getTime() - LIVE_DAYS * 864e5).toISOString();
    const visitors = await live.visitors(
      visible.map((w) => w.id),
      from,
    );
    return visible
      .map((w) => ({
        client_id: w.client_id,
        client_name: w.client_name,
        visitors: visitors.get(w.id) ?? 0,
      }))
      .filter((w) => w.visitors > 0)
      .sort((a, b) => b.visitors - a.visitors || a.client_name.localeCompare(b.client_name))
      .slice(0, LIVE_WIDGETS);
  }

  return {
    async read(actor: Actor, now = new Date()): Promise<LiveDashboard> {
      const [c, d, w] = await Promise.all([
        conversations(actor, now),
        documents(actor),
        widgets(actor, now),
      ]);
      return { conversations: c, documents: d, widgets: w };
    },
  };
}

export type LiveDashboardService = ReturnType<typeof createLiveDashboard>;
