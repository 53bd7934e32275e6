/** The dashboard's shortcut cards: paths from paths.ts, rules from the contract. */
import type { DashboardArea } from '@/features/dashboard/dashboard-areas';
import { paths } from '../paths';

const card = (
  key: DashboardArea['key'],
  rule: DashboardArea['rule'],
  to: string,
  name: string,
): DashboardArea => ({
  key,
  rule,
  to,
  titleKey: `areas.${name}.title`,
  descriptionKey: `areas.${name}.description`,
});

export const dashboardAreas: DashboardArea[] = [
  card('users', 'users', paths.users.index, 'users'),
  card('department', 'department', paths.department.index, 'department'),
  card('roles', 'roles', paths.roles.index, 'roles'),
  card('upload', 'upload', paths.upload, 'upload'),
  card('repository', 'repository', paths.repository, 'repository'),
  card('sopRepository', 'sopRepository', paths.sop.index, 'sop'),
  {
    ...card('integrations', 'open', paths.integration.index, 'integrations'),
    trialVariant: {
      rule: 'chatbot',
      to: paths.integration.chatbot.index,
      titleKey: 'areas.chatbot.title',
      descriptionKey: 'areas.chatbot.description',
    },
  },
  card('analytics', 'analytics', paths.analytics, 'analytics'),
  card('sentiment', 'sentimentAnalytics', paths.sentimentAnalytics, 'sentiment'),
  card('profile', 'open', paths.profile, 'profile'),
];
