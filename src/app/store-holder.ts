/**
 * The store arrives with its own chunk: Redux Toolkit, immer and react-redux are 12 KB
 * gzip that /login never needs. The holder creates the store on the first `load()` (a signed-in
 * session, a widget visitor, or any screen but sign-in) and tells its subscribers when it is there.
 */
import type { LoadedStore } from './store';

export interface StoreHolder {
  load(): Promise<LoadedStore>;
  peek(): LoadedStore | null;
  subscribe(listener: () => void): () => void;
}

export function createStoreHolder(make: () => Promise<LoadedStore>): StoreHolder {
  let loaded: LoadedStore | null = null;
  let pending: Promise<LoadedStore> | null = null;
  const listeners = new Set<() => void>();
  return {
    load() {
      pending ??= make().then(
        (made) => {
          loaded = made;
          listeners.forEach((listener) => listener());
          return made;
        },
        (error: unknown) => {
          pending = null; // a failed chunk download may succeed on the next navigation
          throw error;
        },
      );
      return pending;
    },
    peek: () => loaded,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
