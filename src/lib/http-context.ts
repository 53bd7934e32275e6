/**
 * The app's http client for screens that run before the store exists (sign-in): they call the
 * API directly instead of through thunks, whose extra argument carries the same client.
 */
import { createContext, useContext } from 'react';
import type { HttpClient } from './http';

export const HttpContext = createContext<HttpClient | null>(null);

export function useHttp(): HttpClient {
  const http = useContext(HttpContext);
  if (!http) throw new Error('useHttp needs an HttpContext provider (main.tsx)');
  return http;
}
