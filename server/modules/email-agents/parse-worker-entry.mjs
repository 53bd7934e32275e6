// Entry of the e-mail parsing thread in a source run under tsx (`npm run dev`, tests,
// benches): registers only tsx's ESM loader, then loads the TypeScript worker (see
// parser-thread.ts).
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
