/**
 * Reads a V8 CPU profile (`node --cpu-prof`) of the compiled server and says where its main
 * thread spent the time: the functions with the most self time, and the time under each of our
 * own source files (every sample charged to the innermost frame of server/ or contract/, so a
 * library's work counts for the file of ours that called it). Positions in dist-server/ are
 * mapped back to server/*.ts through the build's source maps.
 *
 * Work on other threads (scrypt and zlib on libuv's pool, the ingest children) is not in a
 * profile: compare its busy time with the process's CPU time to see it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Main-thread time that was not idle, in ms (garbage collection included). */
  busyMs: number;
  gcMs: number;
  topFunctions: { name: string; where: string; ms: number }[];
  /** Self time by package (`pg`, `kysely`), Node's own library, or our source directory. */
  byPackage: { name: string; ms: number }[];
  byOwnFile: { file: string; ms: number }[];
}

const root = resolve(fileURLToPath(new URL('../', import.meta.url)));
const maps = new Map<string, SourceMap | null>();

function sourceMapOf(file: string): SourceMap | null {
  if (!maps.has(file)) {
    const mapFile = `${file}.map`;
    maps.set(
      file,
      existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : null,
    );
  }
  return maps.get(file) ?? null;
}

/** `server/modules/chat/routes.ts:40`, `node_modules/pg/…:12`, or `(native)`. */
function where(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return '(native)';
  if (!frame.url.startsWith('file://')) return frame.url;
  const file = fileURLToPath(frame.url);
  const map = sourceMapOf(file);
  if (map) {
    const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as {
      originalSource?: string;
      originalLine?: number;
    };
    if (entry.originalSource) {
      const source = entry.originalSource.startsWith('file://')
        ? fileURLToPath(entry.originalSource)
        : resolve(join(file, '..'), entry.originalSource);
      return `${relative(root, source)}:${(entry.originalLine ?? 0) + 1}`;
    }
  }
  return `${relative(root, file)}:${frame.lineNumber + 1}`;
}

/** `kysely`, `@smithy/core`, `node:net`, `server/modules/chat`, or the native function. */
function packageOf(location: string, functionName: string): string {
  if (location === '(native)')
    return functionName.startsWith('(') ? functionName : `${functionName} (native)`;
  const inModules = location.split('node_modules/')[1];
  if (inModules) {
    const parts = inModules.split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (location.startsWith('node:')) return location.replace(/:\d+$/, '');
  return location.split('/').slice(0, 3).join('/').replace(/:\d+$/, '');
}

/** Our files, but not the wrapper every query passes through (it would own them all). */
const ownCode = (location: string) =>
  (location.startsWith('server/') || location.startsWith('contract/')) &&
  !location.startsWith('server/db/named-statements.ts');

export function summarizeProfile(file: string, top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Each sample stands for the time until the next one.
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    selfMs.set(id, (selfMs.get(id) ?? 0) + ms);
  });
  const locations = new Map<number, string>();
  const locationOf = (id: number) => {
    let location = locations.get(id);
    if (location === undefined) {
      location = where(byId.get(id)!.callFrame);
      locations.set(id, location);
    }
    return location;
  };
  let busyMs = 0;
  let gcMs = 0;
  const functions = new Map<string, { name: string; where: string; ms: number }>();
  const files = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    busyMs += ms;
    if (frame.functionName === '(garbage collector)') gcMs += ms;
    const location = locationOf(id);
    const name = frame.functionName || '(anonymous)';
    const key = `${name} ${location}`;
    const entry = functions.get(key) ?? { name, where: location, ms: 0 };
    entry.ms += ms;
    functions.set(key, entry);
    const pkg = packageOf(location, name);
    packages.set(pkg, (packages.get(pkg) ?? 0) + ms);
    let owner = '(no frame of ours)';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const l = locationOf(at);
      if (ownCode(l)) {
        owner = l.replace(/:\d+$/, '');
        break;
      }
    }
    files.set(owner, (files.get(owner) ?? 0) + ms);
  }
  return {
    busyMs,
    gcMs,
    topFunctions: [...functions.values()].sort((a, b) => b.ms - a.ms).slice(0, top),
    byPackage: [...packages]
      .map(([p, ms]) => ({ name: p, ms }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top),
    byOwnFile: [...files]
      .map(([f, ms]) => ({ file: f, ms }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top),
  };
}

/** The profile a process `pid` wrote into `dir` (the name carries the pid), if any. */
export function profileOfPid(dir: string, pid: number): string | null {
  if (!existsSync(dir)) return null;
  const name = readdirSync(dir).find(
    (f) => f.endsWith('.cpuprofile') && f.split('.')[3] === String(pid),
  );
  return name ? join(dir, name) : null;
}

/** Lines for a benchmark's report: per-request figures when `requests` is given. */
export function describeProfile(summary: ProfileSummary, requests: number): string[] {
  const per = (ms: number) => (requests > 0 ? ` (${(ms / requests).toFixed(2)} ms a request)` : '');
  const lines = [
    `main thread busy ${(summary.busyMs / 1000).toFixed(1)} s${per(summary.busyMs)}, of which garbage collection ${(summary.gcMs / 1000).toFixed(1)} s`,
    '  most self time:',
  ];
  for (const f of summary.topFunctions)
    lines.push(
      `    ${((100 * f.ms) / summary.busyMs).toFixed(1).padStart(5)} %  ${f.name}  ${f.where}`,
    );
  lines.push('  self time by package:');
  for (const p of summary.byPackage)
    lines.push(`    ${((100 * p.ms) / summary.busyMs).toFixed(1).padStart(5)} %  ${p.name}`);
  lines.push('  time under our own files (library calls counted for the caller):');
  for (const f of summary.byOwnFile)
    lines.push(`    ${((100 * f.ms) / summary.busyMs).toFixed(1).padStart(5)} %  ${f.file}`);
  return lines;
}

// `tsx scripts/cpu-profile-summary.ts <file.cpuprofile> [requests]`: the same report for a saved
// profile.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [file, requests] = process.argv.slice(2);
  for (const line of describeProfile(summarizeProfile(file, 25), Number(requests ?? 0)))
    console.log(line);
}
