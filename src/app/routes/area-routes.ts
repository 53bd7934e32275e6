/**
 * The screen table (SPEC §2): every screen inside the signed-in layouts is one entry here, with
 * its path, its SPEC §6 route rule, its lazy page, and, when it has them, its sidebar item and
 * its dashboard card (their visibility rules are contract/menu.ts's, by key). A screen whose
 * issue is not built yet has no page and shows the shared "not available yet" page.
 * Title and label keys are in the nav namespace; card keys in the dashboard namespace.
 */
import { createElement, type ComponentType } from 'react';
import type { MenuKey } from '@contract/menu';
import type { RouteRuleKey } from '@contract/route-rules';
import { paths } from '../paths';
import { identityScreens as screens } from './identity-screens';

export interface AreaRoute {
  path: string;
  rule: RouteRuleKey;
  titleKey: string;
  /** The built screen, loaded lazily; without it the area shows the "not available yet" page. */
  page?: () => Promise<ComponentType>;
  /** Its sidebar item (icons by key in layouts/nav-registry.ts). */
  menu?: { key: MenuKey; labelKey: string; trialVariant?: { labelKey: string; to: string } };
  /** Its dashboard card: areas.<name>.title / .description. */
  card?: {
    key: MenuKey;
    name: string;
    trialVariant?: { rule: RouteRuleKey; to: string; name: string };
  };
}

const menu = (key: MenuKey, labelKey: string = key) => ({ key, labelKey });

const { sop, users, department, roles, integration } = paths;
const { chatbot, helpdesk, email, database, api } = integration;

/** Inside the main layout. */
export const areaRoutes: AreaRoute[] = [
  {
    path: paths.dashboard,
    rule: 'dashboard',
    titleKey: 'pages.dashboard',
    page: async () => {
      const [{ DashboardPage }, { dashboardAreas }] = await Promise.all([
        import('@/features/dashboard/dashboard-page'),
        import('./dashboard-areas'),
      ]);
      return () => createElement(DashboardPage, { areas: dashboardAreas });
    },
    menu: menu('dashboard'),
  },
  {
    path: paths.profile,
    rule: 'open',
    titleKey: 'pages.profile',
    page: async () => {
      const { ProfilePage } = await import('@/features/profile/profile-page');
      return () => createElement(ProfilePage, { changePasswordPath: paths.changePassword });
    },
    menu: menu('profile'),
    card: { key: 'profile', name: 'profile' },
  },
  {
    path: paths.changePassword,
    rule: 'open',
    titleKey: 'pages.changePassword',
    page: async () => (await import('@/features/auth/change-password-page')).ChangePasswordPage,
  },
  {
    path: paths.upload,
    rule: 'upload',
    titleKey: 'pages.upload',
    menu: menu('upload'),
    card: { key: 'upload', name: 'upload' },
    page: async () => {
      const { UploadPage } = await import('@/features/knowledge/upload-page');
      return () => createElement(UploadPage, { repositoryPath: paths.repository });
    },
  },
  {
    path: paths.repository,
    rule: 'repository',
    titleKey: 'pages.repository',
    menu: menu('repository'),
    card: { key: 'repository', name: 'repository' },
    page: async () => {
      const { RepositoryPage } = await import('@/features/knowledge/repository-page');
      return () => createElement(RepositoryPage, { uploadPath: paths.upload });
    },
  },
  {
    path: paths.analytics,
    rule: 'analytics',
    titleKey: 'pages.analytics',
    menu: menu('analytics'),
    card: { key: 'analytics', name: 'analytics' },
  },
  {
    path: paths.sentimentAnalytics,
    rule: 'sentimentAnalytics',
    titleKey: 'pages.sentiment',
    menu: menu('sentiment'),
    card: { key: 'sentiment', name: 'sentiment' },
  },
  {
    path: paths.chat,
    rule: 'open',
    titleKey: 'pages.chat',
    page: async () => (await import('@/features/chat/chat-page')).ChatPage,
  },
  { path: paths.helpdesk, rule: 'helpdesk', titleKey: 'pages.helpdesk' },

  {
    path: sop.index,
    rule: 'sopRepository',
    titleKey: 'pages.sop',
    menu: menu('sopRepository'),
    card: { key: 'sopRepository', name: 'sop' },
  },
  { path: sop.checklists, rule: 'sopRepository', titleKey: 'pages.sopChecklists' },
  { path: sop.generateChecklist, rule: 'sopRepository', titleKey: 'pages.sopGenerate' },
  { path: sop.archive, rule: 'sopRepository', titleKey: 'pages.sopArchive' },
  { path: sop.upload, rule: 'sopRepository', titleKey: 'pages.sopUpload' },
  { path: sop.archiveUpload, rule: 'sopRepository', titleKey: 'pages.sopArchiveUpload' },

  {
    path: users.index,
    rule: 'users',
    titleKey: 'pages.users',
    page: screens.users,
    menu: menu('users'),
    card: { key: 'users', name: 'users' },
  },
  { path: users.add, rule: 'addUser', titleKey: 'pages.addUser', page: screens.userForm },
  { path: users.edit, rule: 'editUser', titleKey: 'pages.editUser', page: screens.userForm },
  { path: users.view, rule: 'viewUser', titleKey: 'pages.viewUser', page: screens.userView },

  {
    path: department.index,
    rule: 'department',
    titleKey: 'pages.departments',
    menu: menu('department'),
    card: { key: 'department', name: 'department' },
    page: screens.departments,
  },
  {
    path: department.add,
    rule: 'department',
    titleKey: 'pages.addDepartment',
    page: screens.addDepartment,
  },
  {
    path: department.update,
    rule: 'department',
    titleKey: 'pages.updateDepartment',
    page: screens.updateDepartment,
  },
  {
    path: department.view,
    rule: 'department',
    titleKey: 'pages.viewDepartment',
    page: screens.viewDepartment,
  },

  {
    path: roles.index,
    rule: 'roles',
    titleKey: 'pages.roles',
    page: screens.roles,
    menu: menu('roles'),
    card: { key: 'roles', name: 'roles' },
  },
  { path: roles.add, rule: 'addRole', titleKey: 'pages.addRole', page: screens.roleForm },
  { path: roles.update, rule: 'updateRole', titleKey: 'pages.updateRole', page: screens.roleForm },
  { path: roles.view, rule: 'viewRole', titleKey: 'pages.viewRole', page: screens.roleView },

  {
    path: integration.index,
    rule: 'open',
    titleKey: 'pages.integrations',
    menu: {
      ...menu('integrations'),
      trialVariant: { labelKey: 'chatbot', to: chatbot.index },
    },
    card: {
      key: 'integrations',
      name: 'integrations',
      trialVariant: { rule: 'chatbot', to: chatbot.index, name: 'chatbot' },
    },
  },
  { path: chatbot.index, rule: 'chatbot', titleKey: 'pages.chatbots' },
  { path: chatbot.view, rule: 'chatbot', titleKey: 'pages.viewChatbot' },
  { path: chatbot.edit, rule: 'chatbot', titleKey: 'pages.editChatbot' },
  { path: chatbot.add, rule: 'chatbot', titleKey: 'pages.addChatbot' },
  { path: helpdesk.index, rule: 'helpdesk', titleKey: 'pages.helpdeskIntegration' },
  { path: helpdesk.update, rule: 'helpdesk', titleKey: 'pages.updateHelpdesk' },
  { path: helpdesk.add, rule: 'helpdesk', titleKey: 'pages.addHelpdesk' },
  { path: helpdesk.edit, rule: 'helpdesk', titleKey: 'pages.editHelpdesk' },
  { path: email.index, rule: 'emailIntegration', titleKey: 'pages.emailAgents' },
  { path: email.add, rule: 'emailIntegration', titleKey: 'pages.addEmailAgent' },
  { path: email.inbox, rule: 'emailIntegration', titleKey: 'pages.emailInbox' },
  { path: email.drafts, rule: 'emailIntegration', titleKey: 'pages.emailDrafts' },
  { path: email.sent, rule: 'emailIntegration', titleKey: 'pages.emailSent' },
  { path: email.update, rule: 'emailIntegration', titleKey: 'pages.updateEmailAgent' },
  { path: email.view, rule: 'emailIntegration', titleKey: 'pages.viewEmailAgent' },
  { path: database.index, rule: 'open', titleKey: 'pages.databases' },
  { path: database.add, rule: 'open', titleKey: 'pages.addDatabase' },
  { path: database.view, rule: 'open', titleKey: 'pages.viewDatabase' },
  { path: api.index, rule: 'open', titleKey: 'pages.apiIntegration' },
];

/** Outside the main layout, in the checklist layout. */
export const checklistLayoutRoutes: AreaRoute[] = [
  { path: sop.checklistView, rule: 'sopRepository', titleKey: 'pages.checklistView' },
  { path: email.compose, rule: 'emailIntegration', titleKey: 'pages.emailCompose' },
];
