/**
 * RTK Query is loaded with the first screen that needs it, not with /login (the login page's
 * download budget). lib/api.ts registers itself here when its chunk loads; every store attaches
 * the api's reducer and middleware at that moment (see app/store.ts).
 */
import type { api as baseApi } from './api';

export type BaseApi = typeof baseApi;
type Listener = (api: BaseApi) => void;

const loaded: BaseApi[] = [];
const listeners = new Set<Listener>();

export function registerApi(api: BaseApi): void {
  if (loaded.includes(api)) return;
  loaded.push(api);
  for (const listener of listeners) listener(api);
}

/** Calls `listener` for the api now if it is loaded already, or when it loads. */
export function whenApiLoaded(listener: Listener): () => void {
  listeners.add(listener);
  for (const api of loaded) listener(api);
  return () => listeners.delete(listener);
}
