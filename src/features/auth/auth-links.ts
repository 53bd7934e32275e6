/** Addresses the auth screens link to; the app layer passes them in (features never hold paths). */
export interface AuthLinks {
  login: string;
  signup: string;
  forgotPassword: string;
  /** Where a signed-in user lands after signing in. */
  home: string;
  /** Where a chat widget's visitor lands after login by key. */
  chat: string;
  /** Where a helpdesk user (role_id 3) goes after signing in: it hands them to the helpdesk. */
  helpdesk: string;
}
