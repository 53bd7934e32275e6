/** Addresses the helpdesk screens link to; the app layer passes them in. */
export interface HelpdeskLinks {
  list: string;
  add: string;
  /** update-helpdesk/{id} */
  update: (id: number) => string;
  /** edit-helpdesk: the helpdesk's people (agents and administrators). */
  agents: string;
}
