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
