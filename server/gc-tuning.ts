/**
 * V8 settings of a server process, set before the app is built (main.ts `serve`; benchmarks
 * that build the app in-process call it too, so they measure what the server runs).
 *
 * `--no-allocation-site-pretenuring`: V8 watches where objects are allocated, and when most
 * objects of one allocation site outlive a young-generation collection it allocates that site's
 * objects straight into the old generation from then on. mailparser (the e-mail sync parses
 * every message with it) trips this: its parsing objects then die in the old generation, which
 * is only swept when it reaches its limit, and the resident memory of a 10,000-message first
 * sync grew 140-160 MB (issue 16's bench:email target is < 150 MB), all of it garbage (with a
 * full collection every 2,000 messages the heap grew 2 MB). Without pretenuring they die young:
 * the same sync grows 43-45 MB, and parsing alone runs faster (10,000 messages in 4.9 s
 * instead of 6.4-9.5 s). Objects that do live long are still promoted after surviving two
 * young collections, so the rest of the server keeps working the same.
 */
import { setFlagsFromString } from 'node:v8';

let tuned = false;

export function tuneGarbageCollection(): void {
  if (tuned) return;
  tuned = true;
  setFlagsFromString('--no-allocation-site-pretenuring');
}
