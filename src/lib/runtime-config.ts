/**
 * Runtime settings served by the server (GET /runtime-config.json), so one build runs anywhere.
 * Fetched once; every later caller shares the same promise.
 */
import type { RuntimeConfig } from '@contract/runtime-config';

/**
 * Checks the shape of contract `runtimeConfigSchema` by hand: this runs before the first screen,
 * and zod is kept out of that first download (the login page budget).
 */
function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  for (const key of ['apiBaseUrl', 'apiKey'] as const)
    if (typeof v[key] !== 'string') throw new Error(`runtime-config.json: ${key} is not a string`);
  return {
    apiBaseUrl: v.apiBaseUrl as string,
    apiKey: v.apiKey as string,
  };
}

let pending: Promise<RuntimeConfig> | null = null;
let loaded: RuntimeConfig | null = null;

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetch(new URL('/runtime-config.json', window.location.origin), {
    headers: { accept: 'application/json' },
  })
    .then(async (res) => {
      if (!res.ok) throw new Error(`runtime-config.json answered ${res.status}`);
      loaded = parseRuntimeConfig(await res.json());
      return loaded;
    })
    .catch((error: unknown) => {
      // A failed read may be retried by the next caller (e.g. after the server came back).
      pending = null;
      throw error;
    });
  return pending;
}

/** The settings if they were already loaded (for synchronous click handlers), else null. */
export function runtimeConfigIfLoaded(): RuntimeConfig | null {
  return loaded;
}

/** Tests start from a clean slate. */
export function resetRuntimeConfigForTests(value: RuntimeConfig | null = null): void {
  loaded = value;
  pending = value ? Promise.resolve(value) : null;
}
