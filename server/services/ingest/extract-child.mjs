// Entry of an extraction child process in a source run under tsx (`npm run dev`, tests,
// benches): registers only tsx's ESM loader, then loads the TypeScript worker (see
// worker-pool.ts).
import { register } from 'tsx/esm/api';

register();
await import('./extract-worker.ts');
