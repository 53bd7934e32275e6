/** How the screen table names a lazy page: a chunk, the component in it and its props. */
import { createElement, type ComponentType } from 'react';

export type Page = () => Promise<ComponentType>;

/**
 * The page `pick` takes from the module `load` brings, rendered with `props()` (addresses
 * built from the screen table, read when the page renders).
 */
export function lazyPage<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  props: () => P,
): Page {
  return async () => {
    const Component = pick(await load());
    return function LazyScreen() {
      return createElement(Component, props());
    };
  };
}

/**
 * A page named `name` in the module `load` brings, whose one prop is `links` (read when it
 * renders, so a table may pass addresses it derives from itself).
 */
export function linkedPage<K extends string, L, M extends Record<K, ComponentType<{ links: L }>>>(
  load: () => Promise<M>,
  name: K,
  links: () => L,
): Page {
  return lazyPage(
    load,
    (m) => m[name],
    () => ({ links: links() }),
  );
}
