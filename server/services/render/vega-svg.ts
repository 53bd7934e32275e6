/**
 * Vega-Lite -> SVG on the server, headless (renderer 'none'). Vega and Vega-Lite are ESM-only
 * and large, so they are loaded on the first chart rather than at start. The view gets a loader
 * that refuses every fetch and file read: a spec can only ever draw the inline data we put in it.
 */
import type * as Vega from 'vega';
import type * as VegaLite from 'vega-lite';
import type { TopLevelSpec } from 'vega-lite';

type VegaModule = typeof Vega;
type VegaLiteModule = typeof VegaLite;

let modules: Promise<[VegaModule, VegaLiteModule]> | undefined;

function load(): Promise<[VegaModule, VegaLiteModule]> {
  modules ??= Promise.all([import('vega'), import('vega-lite')]);
  return modules;
}

const refuse = () => Promise.reject(new Error('Charts draw inline data only; nothing is loaded.'));

/** A Vega loader that loads nothing (no http, no file, no sanitize-then-load). */
const closedLoader = { load: refuse, sanitize: refuse, http: refuse, file: refuse };

export async function renderVegaLiteSvg(spec: TopLevelSpec): Promise<string> {
  const [vega, vegaLite] = await load();
  const compiled = vegaLite.compile(spec).spec;
  const view = new vega.View(vega.parse(compiled), {
    renderer: 'none',
    loader: closedLoader as unknown as ReturnType<VegaModule['loader']>,
    logLevel: vega.Error,
  });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
