/**
 * The screen table (SPEC §2): every screen is one entry here, with its path, its SPEC §6 route
 * rule, its lazy page and, when it has them, its sidebar item and its dashboard card (their
 * visibility rules are contract/menu.ts's, by key). The router, the sidebar, the dashboard and
 * every address (`paths`, the features' links) are derived from it; a screen's title is
 * `nav:pages.<key>`. Features never import this file: the app layer passes them their links.
 */
import { createElement, type ComponentType } from 'react';
import type { LiveLinks } from '@/features/dashboard/live-figures';
import type { DepartmentFormMode } from '@/features/departments/department-form-page';
import type { DbSourceLinks } from '@/features/integrations/db-source-links';
import type { SopLinks } from '@/features/sop/sop-links';
import { lazyPage, linkedPage, type Page } from './lazy-page';
import { buildLinks, type Links } from './links';
import { defineScreens, type Screen } from './screen-entry';
import type * as SopPages from './sop-pages';

const identity = {
  users: () => import('@/features/users/users-list-page'),
  userForm: () => import('@/features/users/user-form-page'),
  userView: () => import('@/features/users/user-view-page'),
  roles: () => import('@/features/roles/roles-list-page'),
  roleForm: () => import('@/features/roles/role-form-page'),
  roleView: () => import('@/features/roles/role-view-page'),
};
const auth = {
  login: () => import('@/features/auth/login-page'),
  signup: () => import('@/features/auth/signup-page'),
  verify: () => import('@/features/auth/verify-page'),
  reset: () => import('@/features/auth/reset-password-page'),
};
const departmentForm = (mode: DepartmentFormMode) =>
  lazyPage(
    () => import('@/features/departments/department-form-page'),
    (m) => m.DepartmentFormPage,
    () => ({ mode, links: links.departments }),
  );
const serviceAgentPages = {
  list: () => import('@/features/integrations/service-agents-list-page'),
  form: () => import('@/features/integrations/service-agent-form-page'),
  view: () => import('@/features/integrations/service-agent-view-page'),
};
const helpdeskPages = () => import('@/features/integrations/helpdesk-pages');
const emailPages = () => import('@/features/email-agent/email-agent-pages');
const email = 'emailAgent';

const DATABASES = '/integration/database-integration';
const dbLinks: DbSourceLinks = {
  list: DATABASES,
  add: `${DATABASES}/add-db-agent`,
  view: (id) => `${DATABASES}/view-db-agent/${id}`,
};
const dbPage = (name: 'DbSourcesListPage' | 'DbSourcePage') =>
  linkedPage(
    () => import('@/features/integrations/db-source-pages'),
    name,
    () => dbLinks,
  );

/**
 * A page of the SOP repository's one lazy chunk (sop-pages.ts), given the links the chunk itself
 * holds, so that they stay out of the first download.
 */
function sopPage(name: Exclude<keyof typeof SopPages, 'sopLinks'>): Page {
  return async () => {
    const pages = await import('./sop-pages');
    const Component = pages[name] as ComponentType<{ links: SopLinks }>;
    return () => createElement(Component, { links: pages.sopLinks });
  };
}
const SOP = '/sop-repository';
const sop = 'sopRepository';

/** A lazy page named `name` that gets `links[area]` (read when it renders). */
function linked<
  K extends string,
  A extends keyof Links,
  M extends Record<K, ComponentType<{ links: Links[A] }>>,
>(load: () => Promise<M>, name: K, area: A): Page {
  return linkedPage(load, name, () => links[area]);
}

export const screens = defineScreens({
  login: {
    path: '/login',
    layout: 'public',
    entry: 'loginEntry',
    withoutStore: true,
    page: linked(auth.login, 'LoginPage', 'auth'),
  },
  signup: {
    path: '/signup',
    layout: 'public',
    entry: 'guestOnly',
    page: linked(auth.signup, 'SignupPage', 'auth'),
  },
  verify: {
    path: '/verify',
    layout: 'public',
    page: linked(auth.verify, 'VerifyPage', 'auth'),
  },
  resetPassword: {
    path: '/reset-password',
    layout: 'public',
    entry: 'resetPasswordEntry',
    page: linked(auth.reset, 'ResetPasswordPage', 'auth'),
  },
  forbidden: {
    path: '/forbidden',
    layout: 'public',
    page: async () => (await import('./pages/forbidden-page')).ForbiddenPage,
  },
  notFound: {
    path: '/404',
    layout: 'public',
    page: async () => (await import('./pages/not-found-page')).NotFoundPage,
  },

  dashboard: {
    path: '/dashboard',
    rule: 'dashboard',
    page: async () => {
      const [{ DashboardPage }, { dashboardAreas }] = await Promise.all([
        import('@/features/dashboard/dashboard-page'),
        import('./routes/dashboard-areas'),
      ]);
      const live: LiveLinks = {
        analytics: screens.analytics.path,
        repositorySearch: (name: string) =>
          `${screens.repository.path}?search=${encodeURIComponent(name)}`,
        failedDocuments: `${screens.repository.path}?sort=status`,
        serviceAgent: (clientId: string) => links.serviceAgents.view(clientId),
      };
      return () => createElement(DashboardPage, { areas: dashboardAreas, links: live });
    },
    menu: { key: 'dashboard' },
  },
  // Right after the dashboard: its card comes first, the assistant being what most people open.
  chat: {
    path: '/chat',
    rule: 'open',
    visitors: true,
    page: async () => (await import('./routes/chat-screen')).ChatScreen,
    menu: { key: 'assistant' },
    card: { key: 'assistant', name: 'assistant' },
  },
  profile: {
    path: '/profile',
    rule: 'open',
    page: lazyPage(
      () => import('@/features/profile/profile-page'),
      (m) => m.ProfilePage,
      () => ({ changePasswordPath: links.changePassword }),
    ),
    menu: { key: 'profile' },
    card: { key: 'profile', name: 'profile' },
  },
  changePassword: {
    path: '/change-password',
    rule: 'open',
    page: async () => (await import('@/features/auth/change-password-page')).ChangePasswordPage,
  },
  upload: {
    path: '/upload',
    rule: 'upload',
    page: lazyPage(
      () => import('@/features/knowledge/upload-page'),
      (m) => m.UploadPage,
      () => ({ repositoryPath: links.repository }),
    ),
    menu: { key: 'upload' },
    card: { key: 'upload', name: 'upload' },
  },
  repository: {
    path: '/repository',
    rule: 'repository',
    page: lazyPage(
      () => import('@/features/knowledge/repository-page'),
      (m) => m.RepositoryPage,
      () => ({ uploadPath: links.upload }),
    ),
    menu: { key: 'repository' },
    card: { key: 'repository', name: 'repository' },
  },
  analytics: {
    path: '/analytics',
    rule: 'analytics',
    page: async () => (await import('./routes/analytics-screen')).AnalyticsScreen,
    menu: { key: 'analytics' },
    card: { key: 'analytics', name: 'analytics' },
  },
  sentiment: {
    path: '/sentiment-analytics',
    rule: 'sentimentAnalytics',
    page: async () => (await import('./routes/sentiment-screen')).SentimentScreen,
    menu: { key: 'sentiment' },
    card: { key: 'sentiment', name: 'sentiment' },
  },
  helpdesk: {
    path: '/helpdesk',
    rule: 'helpdesk',
    page: linked(helpdeskPages, 'OpenHelpdeskPage', 'helpdesk'),
  },

  sop: {
    path: SOP,
    rule: sop,
    page: sopPage('SopIndexPage'),
    menu: { key: 'sopRepository' },
    card: { key: 'sopRepository', name: 'sop' },
  },
  sopChecklists: { path: `${SOP}/checklists/:id`, rule: sop, page: sopPage('ChecklistEditPage') },
  sopGenerate: {
    path: `${SOP}/generate-checklist/:id`,
    rule: sop,
    page: sopPage('GenerateChecklistPage'),
  },
  sopArchive: { path: `${SOP}/archive/:id?`, rule: sop, page: sopPage('SopArchivePage') },
  sopUpload: { path: `${SOP}/upload`, rule: sop, page: sopPage('SopUploadPage') },
  sopArchiveUpload: { path: `${SOP}/archive-upload/:id`, rule: sop, page: sopPage('SopFilesPage') },
  checklistView: {
    path: `${SOP}/checklists/view/:id`,
    rule: sop,
    layout: 'checklist',
    page: sopPage('ChecklistViewPage'),
  },

  users: {
    path: '/users',
    rule: 'users',
    page: linked(identity.users, 'UsersListPage', 'users'),
    menu: { key: 'users' },
    card: { key: 'users', name: 'users' },
  },
  addUser: {
    path: '/users/add-user',
    rule: 'addUser',
    page: linked(identity.userForm, 'UserFormPage', 'users'),
  },
  editUser: {
    path: '/users/edit-user/:user_id',
    rule: 'editUser',
    page: linked(identity.userForm, 'UserFormPage', 'users'),
  },
  viewUser: {
    // An earlier listing names /users/view-user without a parameter, so it is optional.
    path: '/users/view-user/:id?',
    rule: 'viewUser',
    page: linked(identity.userView, 'UserViewPage', 'users'),
  },

  departments: {
    path: '/department',
    rule: 'department',
    page: linked(
      () => import('@/features/departments/departments-list-page'),
      'DepartmentsListPage',
      'departments',
    ),
    menu: { key: 'department' },
    card: { key: 'department', name: 'department' },
  },
  // SPEC lists these two without a parameter: the department travels as `?id=5`.
  addDepartment: {
    path: '/department/add-department',
    rule: 'department',
    page: departmentForm('add'),
  },
  updateDepartment: {
    path: '/department/update-department',
    rule: 'department',
    page: departmentForm('update'),
  },
  viewDepartment: {
    path: '/department/view-department',
    rule: 'department',
    page: departmentForm('view'),
  },

  roles: {
    path: '/roles',
    rule: 'roles',
    page: linked(identity.roles, 'RolesListPage', 'roles'),
    menu: { key: 'roles' },
    card: { key: 'roles', name: 'roles' },
  },
  addRole: {
    path: '/roles/add-role',
    rule: 'addRole',
    page: linked(identity.roleForm, 'RoleFormPage', 'roles'),
  },
  updateRole: {
    path: '/roles/update-role/:id',
    rule: 'updateRole',
    page: linked(identity.roleForm, 'RoleFormPage', 'roles'),
  },
  viewRole: {
    // An earlier listing names /roles/view-role without a parameter, so it is optional.
    path: '/roles/view-role/:id?',
    rule: 'viewRole',
    page: linked(identity.roleView, 'RoleViewPage', 'roles'),
  },

  integrations: {
    path: '/integration',
    rule: 'open',
    page: lazyPage(
      () => import('@/features/integrations/integrations-page'),
      (m) => m.IntegrationsPage,
      () => ({
        links: links.serviceAgents,
        areas: {
          emailAgents: {
            path: '/integration/email-integration',
            rule: 'emailAgent' as const,
          },
          helpdeskIntegration: { path: '/integration/helpdesk', rule: 'helpdesk' as const },
          databases: { path: DATABASES },
          apiIntegration: { path: '/integration/api-integration' },
        },
      }),
    ),
    menu: { key: 'integrations', trialVariant: { labelKey: 'chatbot', screen: 'serviceAgents' } },
    card: {
      key: 'integrations',
      name: 'integrations',
      trialVariant: { screen: 'serviceAgents', name: 'chatbot' },
    },
  },
  serviceAgents: {
    path: '/integration/chatbot',
    rule: 'serviceAgent',
    page: linked(serviceAgentPages.list, 'ServiceAgentsListPage', 'serviceAgents'),
  },
  viewServiceAgent: {
    path: '/integration/chatbot/view-chatbot/:Client_id',
    rule: 'viewServiceAgent',
    page: linked(serviceAgentPages.view, 'ServiceAgentViewPage', 'serviceAgents'),
  },
  editServiceAgent: {
    path: '/integration/chatbot/edit-chatbot/:Client_id',
    rule: 'editServiceAgent',
    page: linked(serviceAgentPages.form, 'ServiceAgentFormPage', 'serviceAgents'),
  },
  addServiceAgent: {
    path: '/integration/chatbot/add-chatbot',
    rule: 'addServiceAgent',
    page: linked(serviceAgentPages.form, 'ServiceAgentFormPage', 'serviceAgents'),
  },
  helpdeskIntegration: {
    path: '/integration/helpdesk',
    rule: 'helpdesk',
    page: linked(helpdeskPages, 'HelpdesksListPage', 'helpdesk'),
  },
  updateHelpdesk: {
    path: '/integration/helpdesk/update-helpdesk/:id',
    rule: 'helpdesk',
    page: linked(helpdeskPages, 'HelpdeskFormPage', 'helpdesk'),
  },
  addHelpdesk: {
    path: '/integration/helpdesk/add-helpdesk',
    rule: 'helpdesk',
    page: linked(helpdeskPages, 'HelpdeskFormPage', 'helpdesk'),
  },
  // edit-helpdesk (SPEC names no id): the helpdesk's people, agents and administrators.
  editHelpdesk: {
    path: '/integration/helpdesk/edit-helpdesk',
    rule: 'helpdesk',
    page: linked(helpdeskPages, 'HelpdeskAgentsPage', 'helpdesk'),
  },
  emailAgents: {
    path: '/integration/email-integration',
    rule: email,
    page: linked(emailPages, 'EmailAccountsPage', 'email'),
  },
  addEmailAgent: {
    path: '/integration/email-integration/add-email-agent',
    rule: email,
    page: linked(emailPages, 'EmailAccountFormPage', 'email'),
  },
  emailInbox: {
    path: '/integration/email-integration/view-email-inbox/:id',
    rule: email,
    page: linked(emailPages, 'InboxPage', 'email'),
  },
  emailDrafts: {
    path: '/integration/email-integration/view-email-drafts/:id',
    rule: email,
    page: linked(emailPages, 'DraftsPage', 'email'),
  },
  emailSent: {
    path: '/integration/email-integration/view-email-sent/:id',
    rule: email,
    page: linked(emailPages, 'SentPage', 'email'),
  },
  updateEmailAgent: {
    path: '/integration/email-integration/update-email-agent/:id',
    rule: email,
    page: linked(emailPages, 'EmailAccountFormPage', 'email'),
  },
  viewEmailAgent: {
    path: '/integration/email-integration/view-email-agent/:id',
    rule: email,
    page: linked(emailPages, 'EmailAccountViewPage', 'email'),
  },
  emailCompose: {
    path: '/integration/email-integration/open-email-compose',
    rule: email,
    layout: 'checklist',
    page: linked(emailPages, 'ComposePage', 'email'),
  },
  // Open routes (SPEC §6): the API decides by Documents rights.
  databases: { path: DATABASES, rule: 'open', page: dbPage('DbSourcesListPage') },
  addDatabase: { path: `${DATABASES}/add-db-agent`, rule: 'open', page: dbPage('DbSourcePage') },
  viewDatabase: {
    path: `${DATABASES}/view-db-agent/:id`,
    rule: 'open',
    page: dbPage('DbSourcePage'),
  },
  apiIntegration: {
    path: '/integration/api-integration',
    rule: 'open',
    page: lazyPage(
      () => import('./pages/api-keys-screen'),
      (m) => m.ApiKeysScreen,
      () => ({}),
    ),
  },
});

type ScreenKey = keyof typeof screens;

/** Every screen's path (route pattern), by the screen's key. */
export const paths = Object.fromEntries(
  Object.entries(screens).map(([key, screen]) => [key, (screen as Screen).path]),
) as Record<ScreenKey, string>;

/** The screens as a list, with their keys. */
export const screenList = Object.entries(screens).map(([key, screen]) => ({
  key: key as ScreenKey,
  ...(screen as Screen<ScreenKey>),
}));

/** Addresses the features link to (read by the pages when they render). */
export const links: Links = buildLinks(paths);

/**
 * `/login`, carrying the widget `key` query parameter when there is one (SPEC §8), and the
 * embedding page's `host` and `page` with it (the widget's iframe signs in again with the first
 * two, and tells the third for a helpdesk ticket).
 */
export function loginPathKeepingKey(search: string): string {
  const query = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of ['key', 'host', 'page'])
    if (query.get(name)) kept.set(name, query.get(name) ?? '');
  return kept.has('key') ? `${paths.login}?${kept.toString()}` : paths.login;
}
