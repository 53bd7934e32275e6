/**
 * The app's http client, for the only screens that call the API without RTK Query.
 *
 * Server data goes through RTK Query: one `injectEndpoints` file per domain, over lib/api's base
 * query (which also uploads with progress), with tags for invalidation. Files are no exception:
 * a download endpoint hands the blob to the browser, a pdf to view comes back as an object URL,
 * inline images as data: URLs, so no blob reaches the store. Multi-step client flows (the
 * assistant's chat, knowledge uploads) are thunks, which get this same client as their extra
 * argument.
 *
 * The exceptions, all for the same bundle budget: /login's first download (≤ 135 KB of gzipped
 * JavaScript, `npm run bench:bundle`) holds neither the Redux store nor RTK Query, which load with
 * the first screen after sign-in (app/store-holder.ts). So the screens that run on /login call
 * the API with this client (sign-in and the resend written once in features/auth/auth-requests.ts):
 * - auth/login-page.tsx: sign-in (POST /users/login, then GET /users/me);
 * - auth/login-refusal.tsx: a new verification mail for an unverified address;
 * - auth/key-login.tsx: a widget visitor's sign-in by key, and resuming a visit.
 * Where the same calls run on other screens (the verify page's resend), an RTK Query endpoint
 * runs the same function. eslint.config.js keeps every other file of features/ from importing
 * this module.
 */
import { createContext, useContext } from 'react';
import type { HttpClient } from './http';

export const HttpContext = createContext<HttpClient | null>(null);

export function useHttp(): HttpClient {
  const http = useContext(HttpContext);
  if (!http) throw new Error('useHttp needs an HttpContext provider (main.tsx)');
  return http;
}
