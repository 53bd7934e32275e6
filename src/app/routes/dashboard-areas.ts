/** The dashboard's shortcut cards: the screen table's entries that have one. */
import type { DashboardArea } from '@/features/dashboard/dashboard-areas';
import { areaRoutes } from './area-routes';

const texts = (name: string) => ({
  titleKey: `areas.${name}.title`,
  descriptionKey: `areas.${name}.description`,
});

export const dashboardAreas: DashboardArea[] = areaRoutes.flatMap(({ card, path, rule }) =>
  card
    ? [
        {
          key: card.key,
          rule,
          to: path,
          ...texts(card.name),
          ...(card.trialVariant && {
            trialVariant: {
              rule: card.trialVariant.rule,
              to: card.trialVariant.to,
              ...texts(card.trialVariant.name),
            },
          }),
        },
      ]
    : [],
);
