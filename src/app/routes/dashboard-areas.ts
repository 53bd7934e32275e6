/** The dashboard's shortcut cards: the screen table's entries that have one. */
import type { DashboardArea } from '@/features/dashboard/dashboard-areas';
import { screens, screenList } from '../screens';

const texts = (name: string) => ({
  titleKey: `areas.${name}.title`,
  descriptionKey: `areas.${name}.description`,
});

export const dashboardAreas: DashboardArea[] = screenList.flatMap(({ card, path, rule }) => {
  if (!card || !rule) return [];
  const variant = card.trialVariant && screens[card.trialVariant.screen];
  return [
    {
      key: card.key,
      rule,
      to: path,
      ...texts(card.name),
      ...(card.trialVariant &&
        variant?.rule && {
          trialVariant: { rule: variant.rule, to: variant.path, ...texts(card.trialVariant.name) },
        }),
    },
  ];
});
