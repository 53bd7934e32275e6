/**
 * CPU time of a process and all its descendants (a clustered server's workers included), read
 * from /proc: what a benchmark phase cost the server, whatever else loads the machine. Linux
 * only; elsewhere `null`.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

function stat(pid: string): { ppid: number; ticks: number } | null {
  try {
    // The command name (field 2) may hold spaces; the fields after it are fixed.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** Milliseconds of CPU used so far by `rootPid` and every process below it. */
export function processTreeCpuMs(rootPid: number): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const stats = new Map(pids.map((pid) => [Number(pid), stat(pid)]));
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
