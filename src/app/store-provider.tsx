/**
 * Puts the store in context once it has loaded (store-holder.ts). The tree under it mounts again
 * at that moment; it happens while a navigation is loading (the first one of a signed-in visit,
 * or leaving /login), so nobody sees a screen lose its state.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { StoreHolder } from './store-holder';

const StoreHolderContext = createContext<StoreHolder | null>(null);

export function StoreProvider({ stores, children }: { stores: StoreHolder; children: ReactNode }) {
  const loaded = useSyncExternalStore(stores.subscribe, stores.peek);
  return (
    <StoreHolderContext.Provider value={stores}>
      {loaded ? <loaded.Provider store={loaded.store}>{children}</loaded.Provider> : children}
    </StoreHolderContext.Provider>
  );
}

/** Whether the store is there yet (components that need it render only then). */
export function useStoreLoaded(): boolean {
  const stores = useContext(StoreHolderContext);
  if (!stores) throw new Error('useStoreLoaded needs a StoreProvider (main.tsx)');
  return useSyncExternalStore(stores.subscribe, stores.peek) !== null;
}
