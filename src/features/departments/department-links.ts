/** Addresses the department screens link to; the app layer passes them in. */
export interface DepartmentLinks {
  list: string;
  add: string;
  update: (id: number) => string;
  view: (id: number) => string;
  /** The users list filtered to one department. */
  usersOf: (name: string) => string;
  /** The roles list filtered to one department. */
  rolesOf: (id: number) => string;
}
