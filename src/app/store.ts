/**
 * makeStore (Redux Essentials): session, shell UI and notifications from the start; the RTK Query
 * cache is attached when its code first loads (lib/api-registry), so /login does not download it.
 * Every slice resets on sessionExpired/loggedOut; the RTK Query cache is dropped at that moment.
 * The store itself loads with this chunk, after /login's first download (store-holder.ts).
 */
import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  type Middleware,
  type WithSlice,
} from '@reduxjs/toolkit';
import { Provider, useDispatch, useSelector } from 'react-redux';
import type { api } from '@/lib/api';
import { whenApiLoaded, type BaseApi } from '@/lib/api-registry';
import { whenSliceLoaded } from '@/lib/slice-registry';
import { notifyReducer } from '@/lib/notify/notify-slice';
import {
  isSessionEnd,
  loadSession,
  selectAccessSubject,
  sessionExpired,
  sessionReducer,
  widgetSessionStarted,
} from '@/lib/session/session-slice';
import type { ThunkExtra } from '@/lib/store-types';
import type { Theme } from '@/lib/theme';
import { initialUiState, uiReducer } from './ui-slice';

type LazyLoadedSlices = WithSlice<typeof api>;

function makeRootReducer() {
  return combineSlices({
    session: sessionReducer,
    ui: uiReducer,
    notify: notifyReducer,
  }).withLazyLoadedSlices<LazyLoadedSlices>();
}

type RootState = ReturnType<ReturnType<typeof makeRootReducer>>;

/** Dispatched once the RTK Query reducer is in, so its state exists before any hook reads it. */
const apiAttached = createAction('app/apiAttached');
/** Likewise for a feature's slice that arrived with its chunk (lib/slice-registry). */
const sliceAttached = createAction<string>('app/sliceAttached');

/** Cached server data belongs to the person who fetched it: drop it when the session ends. */
function resetOnSessionEnd(api: BaseApi): Middleware {
  return (storeApi) => (next) => (action) => {
    const result = next(action);
    if (typeof action === 'object' && action !== null && 'type' in action)
      if (isSessionEnd(action as { type: string })) storeApi.dispatch(api.util.resetApiState());
    return result;
  };
}

export function makeStore(extra: ThunkExtra, preloadedState?: Partial<RootState>) {
  const rootReducer = makeRootReducer();
  const dynamic = createDynamicMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } }).concat(dynamic.middleware),
  });
  whenApiLoaded((loadedApi) => {
    rootReducer.inject(loadedApi);
    dynamic.addMiddleware(loadedApi.middleware, resetOnSessionEnd(loadedApi));
    store.dispatch(apiAttached());
  });
  whenSliceLoaded((slice) => {
    rootReducer.inject(slice);
    store.dispatch(sliceAttached(slice.reducerPath));
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** The session's actions the route guards dispatch; they reach them only through this chunk. */
const sessionOps = { loadSession, sessionExpired, widgetSessionStarted, selectAccessSubject };

/** What store-holder.ts hands out: the store, its Provider and the session's actions. */
export interface LoadedStore {
  store: AppStore;
  Provider: typeof Provider;
  session: typeof sessionOps;
}

export function loadedStore(extra: ThunkExtra, theme?: Theme): LoadedStore {
  return {
    store: makeStore(extra, { ui: initialUiState(theme) }),
    Provider,
    session: sessionOps,
  };
}
