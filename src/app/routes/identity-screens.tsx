/**
 * The identity screens (issue 4) with the addresses they link to. Features never hold paths, so
 * the links are built here from paths.ts. Each loader imports its page lazily: none of this code
 * is in /login's download.
 *
 * SPEC lists update-department and view-department without a parameter; paths.ts keeps them so
 * and the department travels in the query string (`?id=5`).
 */
import type { ComponentType } from 'react';
import { generatePath } from 'react-router-dom';
import type { DepartmentLinks } from '@/features/departments/department-links';
import type { DepartmentFormMode } from '@/features/departments/department-form-page';
import type { RoleLinks } from '@/features/roles/role-links';
import type { UserLinks } from '@/features/users/user-links';
import { paths } from '../paths';

const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, String(v)]),
  ).toString()}`;

export const userLinks: UserLinks = {
  list: paths.users.index,
  add: paths.users.add,
  edit: (id) => generatePath(paths.users.edit, { user_id: String(id) }),
  view: (id) => generatePath(paths.users.view, { id: String(id) }),
};

export const departmentLinks: DepartmentLinks = {
  list: paths.department.index,
  add: paths.department.add,
  update: (id) => withQuery(paths.department.update, { id }),
  view: (id) => withQuery(paths.department.view, { id }),
  usersOf: (name) => withQuery(paths.users.index, { department: name }),
  rolesOf: (id) => withQuery(paths.roles.index, { department_id: id }),
};

export const roleLinks: RoleLinks = {
  list: paths.roles.index,
  add: paths.roles.add,
  update: (id) => generatePath(paths.roles.update, { id: String(id) }),
  view: (id) => generatePath(paths.roles.view, { id: String(id) }),
};

type Page = () => Promise<ComponentType>;

const departmentForm =
  (mode: DepartmentFormMode): Page =>
  async () => {
    const { DepartmentFormPage } = await import('@/features/departments/department-form-page');
    return function DepartmentFormScreen() {
      return <DepartmentFormPage mode={mode} links={departmentLinks} />;
    };
  };

export const identityScreens = {
  users: (async () => {
    const { UsersListPage } = await import('@/features/users/users-list-page');
    return () => <UsersListPage links={userLinks} />;
  }) satisfies Page,
  userForm: (async () => {
    const { UserFormPage } = await import('@/features/users/user-form-page');
    return () => <UserFormPage links={userLinks} />;
  }) satisfies Page,
  userView: (async () => {
    const { UserViewPage } = await import('@/features/users/user-view-page');
    return () => <UserViewPage links={userLinks} />;
  }) satisfies Page,
  departments: (async () => {
    const { DepartmentsListPage } = await import('@/features/departments/departments-list-page');
    return () => <DepartmentsListPage links={departmentLinks} />;
  }) satisfies Page,
  addDepartment: departmentForm('add'),
  updateDepartment: departmentForm('update'),
  viewDepartment: departmentForm('view'),
  roles: (async () => {
    const { RolesListPage } = await import('@/features/roles/roles-list-page');
    return () => <RolesListPage links={roleLinks} />;
  }) satisfies Page,
  roleForm: (async () => {
    const { RoleFormPage } = await import('@/features/roles/role-form-page');
    return () => <RoleFormPage links={roleLinks} />;
  }) satisfies Page,
  roleView: (async () => {
    const { RoleViewPage } = await import('@/features/roles/role-view-page');
    return () => <RoleViewPage links={roleLinks} />;
  }) satisfies Page,
};
