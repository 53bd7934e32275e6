/**
 * Every path of SPEC §2, in one place. Route patterns (with `:params`) feed the router; the
 * `link` helpers build concrete addresses. Features never import this file: the app layer passes
 * the addresses they need as props.
 */
import { generatePath } from 'react-router-dom';

export const paths = {
  root: '/',
  login: '/login',
  signup: '/signup',
  verify: '/verify',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  profile: '/profile',
  changePassword: '/change-password',
  upload: '/upload',
  repository: '/repository',
  analytics: '/analytics',
  sentimentAnalytics: '/sentiment-analytics',
  chat: '/chat',
  helpdesk: '/helpdesk',
  forbidden: '/forbidden',
  notFound: '/404',

  sop: {
    index: '/sop-repository',
    checklists: '/sop-repository/checklists/:id',
    generateChecklist: '/sop-repository/generate-checklist/:id',
    archive: '/sop-repository/archive/:id?',
    upload: '/sop-repository/upload',
    archiveUpload: '/sop-repository/archive-upload/:id',
    /** Outside the main layout, in the checklist layout. */
    checklistView: '/sop-repository/checklists/view/:id',
  },

  users: {
    index: '/users',
    add: '/users/add-user',
    edit: '/users/edit-user/:user_id',
    /** An earlier listing names /users/view-user without a parameter, so it is optional. */
    view: '/users/view-user/:id?',
  },

  department: {
    index: '/department',
    add: '/department/add-department',
    update: '/department/update-department',
    view: '/department/view-department',
  },

  roles: {
    index: '/roles',
    add: '/roles/add-role',
    update: '/roles/update-role/:id',
    /** An earlier listing names /roles/view-role without a parameter, so it is optional. */
    view: '/roles/view-role/:id?',
  },

  integration: {
    index: '/integration',
    chatbot: {
      index: '/integration/chatbot',
      view: '/integration/chatbot/view-chatbot/:Client_id',
      edit: '/integration/chatbot/edit-chatbot/:Client_id',
      add: '/integration/chatbot/add-chatbot',
    },
    helpdesk: {
      index: '/integration/helpdesk',
      update: '/integration/helpdesk/update-helpdesk/:id',
      add: '/integration/helpdesk/add-helpdesk',
      edit: '/integration/helpdesk/edit-helpdesk',
    },
    email: {
      index: '/integration/email-integration',
      add: '/integration/email-integration/add-email-agent',
      inbox: '/integration/email-integration/view-email-inbox/:id',
      drafts: '/integration/email-integration/view-email-drafts/:id',
      sent: '/integration/email-integration/view-email-sent/:id',
      update: '/integration/email-integration/update-email-agent/:id',
      view: '/integration/email-integration/view-email-agent/:id',
      /** Outside the main layout, in the checklist layout. */
      compose: '/integration/email-integration/open-email-compose',
    },
    database: {
      index: '/integration/database-integration',
      add: '/integration/database-integration/add-db-agent',
      view: '/integration/database-integration/view-db-agent/:id',
    },
    api: {
      index: '/integration/api-integration',
    },
  },
} as const;

export const links = {
  emailInbox: (email: string) => generatePath(paths.integration.email.inbox, { id: email }),
};

/** `/login`, carrying the widget `key` query parameter when there is one (SPEC §8). */
export function loginPathKeepingKey(search: string): string {
  const key = new URLSearchParams(search).get('key');
  return key ? `${paths.login}?${new URLSearchParams({ key }).toString()}` : paths.login;
}
