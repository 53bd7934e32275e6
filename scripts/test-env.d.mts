/** Types of test-env.mjs, for the TypeScript scripts (benchmarks) that start a cluster too. */
export function ensureSystemPackages(): void;
export function startThrowawayPostgres(): Promise<{ url: string; stop: () => void }>;
