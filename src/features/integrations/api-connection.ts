/**
 * How another system reaches this API: the base URL, the deployment's x-api-key and a curl
 * command with both headers.
 *
 * The x-api-key shown is the one the console itself sends on every call, read from the runtime
 * settings (GET /runtime-config.json). The server hands that file to any visitor before sign-in,
 * since the SPA cannot call /api without it, so it is no secret from anyone who can open the
 * console; showing it to a person allowed to manage API keys tells them nothing new. What keeps
 * a system out is the bearer key, which is shown once.
 */
import { useEffect, useState } from 'react';
import type { RuntimeConfig } from '@contract/runtime-config';
import { loadRuntimeConfig, runtimeConfigIfLoaded } from '@/lib/runtime-config';

interface ApiConnection {
  /** Absolute, without a trailing slash: `https://console.example.com/api`. */
  baseUrl: string;
  deploymentKey: string;
  /** The live API documentation, beside /api on the same host. */
  docsUrl: string;
}

export function apiConnectionOf(config: RuntimeConfig, origin: string): ApiConnection {
  const base = new URL(config.apiBaseUrl, origin);
  return {
    baseUrl: base.href.replace(/\/+$/, ''),
    deploymentKey: config.apiKey,
    docsUrl: new URL('/api-docs', base).href,
  };
}

/** The connection once the runtime settings are read (at once after sign-in: they are cached). */
export function useApiConnection(): ApiConnection | null {
  const [config, setConfig] = useState(runtimeConfigIfLoaded);
  useEffect(() => {
    if (config) return;
    let live = true;
    loadRuntimeConfig().then(
      (loaded) => live && setConfig(loaded),
      // The console could not have signed in without them; nothing better to show than nothing.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [config]);
  return config && apiConnectionOf(config, window.location.origin);
}

/** A POSIX shell word: the text in single quotes, each quote closed, escaped and reopened. */
const shellWord = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A GET of `path` (relative to the API base) with both headers, one option a line. */
export function curlCommand(connection: ApiConnection, bearer: string, path: string): string {
  return [
    `curl ${shellWord(`${connection.baseUrl}${path}`)}`,
    `  -H ${shellWord(`x-api-key: ${connection.deploymentKey}`)}`,
    `  -H ${shellWord(`Authorization: Bearer ${bearer}`)}`,
  ].join(' \\\n');
}
