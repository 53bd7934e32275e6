/**
 * Slices that live in a feature's lazily loaded chunk (uploads with progress, …) register here
 * when their code loads; every store injects them at that moment (see app/store.ts), the same way
 * the RTK Query cache arrives. Features stay free of the app layer, and /login does not download
 * reducers it never uses.
 */
import type { Reducer } from '@reduxjs/toolkit';

interface LazySlice {
  reducerPath: string;
  reducer: Reducer;
}

type Listener = (slice: LazySlice) => void;

const loaded: LazySlice[] = [];
const listeners = new Set<Listener>();

export function registerSlice(slice: LazySlice): void {
  if (loaded.some((s) => s.reducerPath === slice.reducerPath)) return;
  loaded.push(slice);
  for (const listener of listeners) listener(slice);
}

/** Calls `listener` for every slice loaded so far and for each one that loads later. */
export function whenSliceLoaded(listener: Listener): () => void {
  listeners.add(listener);
  for (const slice of loaded) listener(slice);
  return () => listeners.delete(listener);
}
