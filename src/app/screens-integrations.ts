/**
 * The integrations' screens of the screen table (SPEC §2): chat widgets, helpdesk, e-mail,
 * database and API. Apart from screens.ts only for its length; it has no rules of its own.
 */
import type { ComponentType } from 'react';
import type { DbSourceLinks } from '@/features/integrations/db-source-links';
import { lazyPage, linkedPage, type Page } from './lazy-page';
import type { Links } from './links';
import type { Screen } from './screen-entry';

/** A lazy page named `name` that gets `links[area]` (screens.ts builds it). */
export type LinkedPage = <
  K extends string,
  A extends keyof Links,
  M extends Record<K, ComponentType<{ links: Links[A] }>>,
>(
  load: () => Promise<M>,
  name: K,
  area: A,
) => Page;

const serviceAgentPages = {
  list: () => import('@/features/integrations/service-agents-list-page'),
  form: () => import('@/features/integrations/service-agent-form-page'),
  view: () => import('@/features/integrations/service-agent-view-page'),
};
export const helpdeskPages = () => import('@/features/integrations/helpdesk-pages');
const email = 'emailAgent';
const DB = '/integration/database-integration';
export const DATABASES_PATH = DB;
const dbLinks: DbSourceLinks = {
  list: DB,
  add: `${DB}/add-db-agent`,
  view: (id) => `${DB}/view-db-agent/${id}`,
};
const dbPages = () => import('@/features/integrations/db-source-pages');
const dbPage = (name: 'DbSourcesListPage' | 'DbSourcePage') =>
  linkedPage(dbPages, name, () => dbLinks);
const emailPages = () => import('@/features/email-agent/email-agent-pages');

export function integrationScreens(linked: LinkedPage) {
  return {
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
    databases: { path: DB, rule: 'open', page: dbPage('DbSourcesListPage') },
    addDatabase: { path: `${DB}/add-db-agent`, rule: 'open', page: dbPage('DbSourcePage') },
    viewDatabase: { path: `${DB}/view-db-agent/:id`, rule: 'open', page: dbPage('DbSourcePage') },
    apiIntegration: {
      path: '/integration/api-integration',
      rule: 'open',
      page: lazyPage(
        () => import('./pages/api-keys-screen'),
        (m) => m.ApiKeysScreen,
        () => ({}),
      ),
    },
  } satisfies Record<string, Screen>;
}
