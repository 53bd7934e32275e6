import { LIVE_REFRESH_MS } from '@contract/live-dashboard';
import type { LiveParts } from '@contract/live-parts';
import { useLiveDashboardQuery } from './dashboard-api';
import { LiveSection, type LiveLinks } from './live-layout';

export type { LiveLinks } from './live-layout';

/**
 * The signed-in person's live figures: only the parts their rights open, read again every 30 s.
 * Until the first answer the parts show placeholders of their final size.
 */
export function LiveFigures({ links, parts }: { links: LiveLinks; parts: LiveParts }) {
  const { data } = useLiveDashboardQuery(undefined, { pollingInterval: LIVE_REFRESH_MS });
  return <LiveSection parts={parts} data={data} links={links} />;
}
