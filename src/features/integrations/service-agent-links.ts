/** Addresses the chat widget screens link to; the app layer passes them in. */
export interface ServiceAgentLinks {
  list: string;
  add: string;
  /** view-chatbot/{client_id} */
  view: (clientId: string) => string;
  /** edit-chatbot/{client_id} */
  edit: (clientId: string) => string;
}
