/**
 * The addresses features link to, built from the screen table's paths (features never hold
 * paths; the app layer passes these in).
 */
import { generatePath } from 'react-router-dom';
import type { AuthLinks } from '@/features/auth/auth-links';
import type { DepartmentLinks } from '@/features/departments/department-links';
import type { ServiceAgentLinks } from '@/features/integrations/service-agent-links';
import type { HelpdeskLinks } from '@/features/integrations/helpdesk-links';
import type { EmailAgentLinks } from '@/features/email-agent/email-agent-links';
import type { RoleLinks } from '@/features/roles/role-links';
import type { UserLinks } from '@/features/users/user-links';

const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, String(v)]),
  ).toString()}`;

const withId = (path: string, param: string) => (id: number | string) =>
  generatePath(path, { [param]: String(id) });

type PathsOf<K extends string> = Record<K, string>;

export type Links = ReturnType<typeof buildLinks>;

export function buildLinks(
  paths: PathsOf<
    | 'login'
    | 'signup'
    | 'resetPassword'
    | 'dashboard'
    | 'users'
    | 'addUser'
    | 'editUser'
    | 'viewUser'
    | 'departments'
    | 'addDepartment'
    | 'updateDepartment'
    | 'viewDepartment'
    | 'roles'
    | 'addRole'
    | 'updateRole'
    | 'viewRole'
    | 'emailInbox'
    | 'emailAgents'
    | 'addEmailAgent'
    | 'viewEmailAgent'
    | 'updateEmailAgent'
    | 'emailDrafts'
    | 'emailSent'
    | 'emailCompose'
    | 'chat'
    | 'serviceAgents'
    | 'addServiceAgent'
    | 'viewServiceAgent'
    | 'editServiceAgent'
    | 'helpdesk'
    | 'helpdeskIntegration'
    | 'addHelpdesk'
    | 'updateHelpdesk'
    | 'editHelpdesk'
    | 'changePassword'
    | 'upload'
    | 'repository'
  >,
) {
  const auth: AuthLinks = {
    login: paths.login,
    signup: paths.signup,
    forgotPassword: paths.resetPassword,
    home: paths.dashboard,
    chat: paths.chat,
    helpdesk: paths.helpdesk,
  };
  const users: UserLinks = {
    list: paths.users,
    add: paths.addUser,
    edit: withId(paths.editUser, 'user_id'),
    view: withId(paths.viewUser, 'id'),
  };
  const departments: DepartmentLinks = {
    list: paths.departments,
    add: paths.addDepartment,
    update: (id) => withQuery(paths.updateDepartment, { id }),
    view: (id) => withQuery(paths.viewDepartment, { id }),
    usersOf: (name) => withQuery(paths.users, { department: name }),
    rolesOf: (id) => withQuery(paths.roles, { department_id: id }),
  };
  const roles: RoleLinks = {
    list: paths.roles,
    add: paths.addRole,
    update: withId(paths.updateRole, 'id'),
    view: withId(paths.viewRole, 'id'),
  };
  const serviceAgents: ServiceAgentLinks = {
    list: paths.serviceAgents,
    add: paths.addServiceAgent,
    view: withId(paths.viewServiceAgent, 'Client_id'),
    edit: withId(paths.editServiceAgent, 'Client_id'),
  };
  const helpdesk: HelpdeskLinks = {
    list: paths.helpdeskIntegration,
    add: paths.addHelpdesk,
    update: withId(paths.updateHelpdesk, 'id'),
    agents: paths.editHelpdesk,
  };
  /** An e-mail account's inbox (the sidebar's Email group). */
  const emailInbox = withId(paths.emailInbox, 'id');
  const email: EmailAgentLinks = {
    list: paths.emailAgents,
    add: paths.addEmailAgent,
    view: withId(paths.viewEmailAgent, 'id'),
    update: withId(paths.updateEmailAgent, 'id'),
    inbox: emailInbox,
    drafts: withId(paths.emailDrafts, 'id'),
    sent: withId(paths.emailSent, 'id'),
    compose: (id) => withQuery(paths.emailCompose, { account: id }),
  };
  return {
    auth,
    users,
    departments,
    roles,
    serviceAgents,
    helpdesk,
    emailInbox,
    email,
    changePassword: paths.changePassword,
    upload: paths.upload,
    repository: paths.repository,
  };
}
