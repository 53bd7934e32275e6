/** Addresses the user screens link to; the app layer passes them in. */
export interface UserLinks {
  list: string;
  add: string;
  edit: (id: number) => string;
  view: (id: number) => string;
}
