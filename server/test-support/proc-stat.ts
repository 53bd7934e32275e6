/** Processes as Linux's /proc shows them: for the cluster test and the benchmarks' CPU figures. */
import { readdirSync, readFileSync } from 'node:fs';

/** A process's parent and its CPU time so far in clock ticks, or null once it is gone. */
export function procStat(pid: number | string): { ppid: number; ticks: number } | null {
  try {
    // The command name (field 2) may hold spaces; the fields after it are fixed.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** Every process id in /proc. */
export function allPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}
