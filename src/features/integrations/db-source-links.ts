/** Addresses the database-source screens link to; the app layer passes them in. */
export interface DbSourceLinks {
  list: string;
  add: string;
  /** view-db-agent/{id} */
  view: (id: number) => string;
}
