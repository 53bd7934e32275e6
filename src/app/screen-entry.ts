/** What one entry of the screen table (screens.ts) says about a screen. */
import type { MenuKey } from '@contract/menu';
import type { RouteRuleKey } from '@contract/route-rules';
import type { Page } from './lazy-page';

export interface Screen<K extends string = string> {
  path: string;
  /** SPEC §6 route rule; public screens (sign-in and alike) have none and their own guard. */
  rule?: RouteRuleKey;
  /** The guard of a public screen (session-guards.ts). */
  entry?: 'loginEntry' | 'guestOnly' | 'resetPasswordEntry';
  /** Where it sits: the main layout (default), the checklist layout, or on its own. */
  layout?: 'main' | 'checklist' | 'public';
  page: Page;
  /** A chat widget's visitor may open it (the chat only): other screens send them there. */
  visitors?: true;
  /** Renders before the store has loaded (sign-in: its first download stays without Redux). */
  withoutStore?: true;
  /** Its sidebar item; for Trial users another screen may stand in (SPEC §2). */
  menu?: { key: MenuKey; trialVariant?: { labelKey: string; screen: K } };
  /** Its dashboard card: areas.<name>.title / .description. */
  card?: { key: MenuKey; name: string; trialVariant?: { screen: K; name: string } };
}

/** The table, typed so that a trial variant names a screen of the same table. */
export function defineScreens<K extends string>(table: Record<K, Screen<NoInfer<K>>>) {
  return table;
}
