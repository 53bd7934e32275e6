import { useEffect } from 'react';
import { LIVE_REFRESH_MS } from '@contract/live-dashboard';
import type { LiveDashboard } from '@contract/live-dashboard-schema';
import { useLiveDashboardQuery } from './dashboard-api';

export type { LiveLinks } from './live-layout';

/**
 * Reads the signed-in person's live figures, again every 30 s, and hands each answer to the
 * dashboard, which draws them in the places it kept for them. It draws nothing itself, so its
 * arrival (with the API cache code) changes nothing on the page.
 */
export function LiveFeed({ onData }: { onData: (data: LiveDashboard) => void }) {
  const { data } = useLiveDashboardQuery(undefined, { pollingInterval: LIVE_REFRESH_MS });
  useEffect(() => {
    if (data) onData(data);
  }, [data, onData]);
  return null;
}
