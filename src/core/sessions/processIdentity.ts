// What recognises a process again later: the machine's boot (a lock from before a restart holds
// nothing) and a process's start time (a pid reused by another process is not the holder).
// Linux says both exactly (/proc). Elsewhere neither is known for sure (a boot time computed from
// the uptime moves with the clock), so the pid alone decides there, as it always did.
import { readFileSync } from 'node:fs';

let boot: string | undefined | null = null;

/** This boot of the machine, the same for every process until it restarts; undefined when not known. */
export function bootId(): string | undefined {
  if (boot !== null) return boot;
  try {
    boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    boot = undefined;
  }
  return boot;
}

/** When process `pid` started, in clock ticks since boot (Linux); undefined when not known. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name in parentheses may hold spaces or ')': the fields after its last ')' start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19];
  } catch {
    return undefined;
  }
}
