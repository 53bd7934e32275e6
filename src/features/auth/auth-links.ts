/** Addresses the auth screens link to; the app layer passes them in (features never hold paths). */
export interface AuthLinks {
  login: string;
  signup: string;
  forgotPassword: string;
  /** Where a signed-in user lands after signing in. */
  home: string;
}
