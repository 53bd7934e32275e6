/**
 * Which shortcut cards the dashboard shows: an area appears when its menu entry is visible
 * (contract menu rules) and its route is allowed (contract route rules) — the same rules as the
 * sidebar and the guards, so the dashboard never offers a door that leads to /forbidden.
 */
import { canAccess } from '@contract/access';
import { visibleMenuKeys, integrationsIsChatbot, type MenuKey } from '@contract/menu';
import type { AccessSubject } from '@contract/profile';
import { routeRules, type RouteRuleKey } from '@contract/route-rules';

export interface DashboardArea {
  key: MenuKey;
  rule: RouteRuleKey;
  to: string;
  /** i18n keys in the dashboard namespace. */
  titleKey: string;
  descriptionKey: string;
  /** For Trial users Integrations is the chatbot area (SPEC §2). */
  trialVariant?: Omit<DashboardArea, 'key' | 'trialVariant'>;
}

export function areasFor(subject: AccessSubject, all: readonly DashboardArea[]): DashboardArea[] {
  const visible = visibleMenuKeys(subject);
  const chatbot = integrationsIsChatbot(subject);
  return all
    .map((area) => (chatbot && area.trialVariant ? { ...area, ...area.trialVariant } : area))
    .filter((area) => visible.has(area.key) && canAccess(routeRules[area.rule], subject));
}
