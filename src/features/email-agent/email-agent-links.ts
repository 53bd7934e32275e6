/** Addresses the e-mail agent screens link to; the app layer passes them in. */
export interface EmailAgentLinks {
  list: string;
  add: string;
  view: (id: number | string) => string;
  update: (id: number | string) => string;
  inbox: (id: number | string) => string;
  drafts: (id: number | string) => string;
  sent: (id: number | string) => string;
  /** open-email-compose?account={id} */
  compose: (id: number | string) => string;
}
