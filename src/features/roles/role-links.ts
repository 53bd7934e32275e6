/** Addresses the role screens link to; the app layer passes them in. */
export interface RoleLinks {
  list: string;
  add: string;
  update: (id: number) => string;
  view: (id: number) => string;
}
