/**
 * react-i18next imports useSyncExternalStore from the `use-sync-external-store/shim` package,
 * a fallback for React before 18 (vite.config.ts points that import here). React 19 has the
 * hook itself, so the first screen does not download the shim.
 */
export { useSyncExternalStore } from 'react';
