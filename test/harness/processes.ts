// Child processes the harness owns: run-to-completion commands with their output kept in a log,
// and long-lived servers started in their own process group so one signal stops all they spawned.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync, readdirSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

/** Whether a process with this pid lives (one we may not signal counts as alive). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tail(path: string, lines = 30): string {
  try {
    return readFileSync(path, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export interface LoggedOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  logPath: string;
}

/** Runs a command to completion with its output appended to `logPath`; rejects with the log's tail. */
export function runLogged(command: string, args: readonly string[], { env, cwd, logPath }: LoggedOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const log = createWriteStream(logPath, { flags: 'a' });
    log.write(`\n$ ${command} ${args.join(' ')}\n`);
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('error', (error) => log.end(() => reject(error)));
    child.on('close', (code, signal) => {
      log.end(() => {
        if (code === 0) resolve();
        else {
          const why = signal ? `was killed by ${signal}` : `exited with ${code}`;
          reject(new Error(`${command} ${args.join(' ')} ${why}. Last lines of ${logPath}:\n${tail(logPath)}`));
        }
      });
    });
  });
}

const liveGroups = new Set<number>();
// If the harness dies on an uncaught error, its servers must not outlive it.
process.on('exit', () => {
  for (const pgid of liveGroups) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

export interface GroupOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  logStream?: Writable;
  capture?: boolean;
}

/**
 * Starts a long-lived process as the leader of a new process group, its output into `logStream`,
 * or left on `child.stdout`/`child.stderr` for the caller with `capture`, or ignored.
 * Stop it with `stopGroup`.
 */
export function spawnGroup(command: string, args: readonly string[], { env, cwd, logStream, capture = false }: GroupOptions): ChildProcess {
  const output = logStream || capture ? 'pipe' : 'ignore';
  const child = spawn(command, args, { env, cwd, detached: true, stdio: ['ignore', output, output] });
  if (logStream) {
    child.stdout?.pipe(logStream, { end: false });
    child.stderr?.pipe(logStream, { end: false });
  }
  if (child.pid) liveGroups.add(child.pid);
  return child;
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to the whole group, then SIGKILL if anything in it outlives `graceMs`. */
export async function stopGroup(child: Pick<ChildProcess, 'pid'> | undefined, graceMs = 3000): Promise<void> {
  const pgid = child?.pid;
  if (!pgid) return;
  if (!groupAlive(pgid)) {
    liveGroups.delete(pgid);
    return;
  }
  try {
    process.kill(-pgid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && groupAlive(pgid)) await sleep(100);
  if (groupAlive(pgid)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  liveGroups.delete(pgid);
}

/**
 * Processes (other than this one) whose environment or command line mentions `marker`, e.g. a
 * run's private data folder that every process it started inherits through HOME/TMPDIR.
 */
export function findProcessesMentioning(marker: string): Array<{ pid: number; command: string }> {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return []; // no procfs: nothing to check
  }
  const found: Array<{ pid: number; command: string }> = [];
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
      if (cmdline.includes(marker) || environ.includes(marker)) {
        found.push({ pid: Number(pid), command: cmdline.replace(/\0/g, ' ').trim().slice(0, 160) });
      }
    } catch {
      // exited meanwhile, or not ours to read
    }
  }
  return found;
}
