/**
 * CPU time of a process and all its descendants (a clustered server's workers included), read
 * from /proc: what a benchmark phase cost the server, whatever else loads the machine. Linux
 * only; elsewhere `null`.
 */
import { allPids, procStat } from '../server/test-support/proc-stat';

const TICKS_PER_SECOND = 100;

/** Milliseconds of CPU used so far by `rootPid` and every process below it. */
export function processTreeCpuMs(rootPid: number): number | null {
  let pids: number[];
  try {
    pids = allPids();
  } catch {
    return null;
  }
  const stats = new Map(pids.map((pid) => [pid, procStat(pid)]));
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; hops += 1) {
      if (p === rootPid) return true;
      p = stats.get(p)?.ppid ?? 0;
    }
    return false;
  };
  let ticks = 0;
  for (const [pid, s] of stats) if (s && inTree(pid)) ticks += s.ticks;
  return (ticks * 1000) / TICKS_PER_SECOND;
}
