/** Types of build-server.mjs, for the TypeScript tests and benchmarks that run the compiled server. */
export const serverOutDir: string;
export const compiledServerArgs: string[];
export function isOlderThanSources(built: string, sources: string[]): boolean;
export function serverBuildIsStale(): boolean;
export function buildServer(): Promise<number>;
