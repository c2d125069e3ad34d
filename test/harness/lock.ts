// A cross-process lock on a directory name: mkdir is atomic, the owner's pid lets a later run
// take over a lock whose owner died (a killed CI job must not block the next one forever).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Whether the lock's owner still runs; undefined while it has not written its pid yet. */
function ownerAlive(lockDir: string): boolean | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lockDir, 'pid'), 'utf8'));
  } catch {
    return undefined; // the owner is between mkdir and writing its pid
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `fn` while holding `lockDir`. Waits up to `timeoutMs` for another live owner, printing
 * once that it waits, and takes over locks left by dead processes.
 */
export async function withLock<T>(lockDir: string, timeoutMs: number, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let announced = false;
  let unknownSince: number | undefined;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(join(lockDir, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const alive = ownerAlive(lockDir);
    if (alive === undefined) unknownSince ??= Date.now();
    const pidless = alive === undefined && unknownSince !== undefined && Date.now() - unknownSince > 10_000;
    if (alive === false || pidless) {
      rmSync(lockDir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for the lock ${lockDir} (held by another test run)`);
    if (!announced) {
      console.log(`[harness] waiting for another run to finish installing (${lockDir})`);
      announced = true;
    }
    await sleep(500);
  }
  try {
    return await fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}
