// Who holds a data folder: the owner's pid plus what makes that pid unique on Linux (the boot id and the
// process's start time), so a lock left behind before a reboot or by a crashed emulator whose pid now belongs
// to another process is recognised as stale. Elsewhere the pid alone decides.

import * as fs from 'node:fs';

export interface LockOwner {
  pid: number;
  boot?: string;
  start?: string;
}

function readOrUndefined(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat: the start time in clock ticks since boot (after the parenthesised name). */
function startTicks(pid: number | 'self'): string | undefined {
  const stat = readOrUndefined(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

export function currentOwner(): LockOwner {
  const boot = readOrUndefined('/proc/sys/kernel/random/boot_id')?.trim();
  const start = startTicks('self');
  return { pid: process.pid, ...(boot ? { boot } : {}), ...(start ? { start } : {}) };
}

export function formatOwner(owner: LockOwner): string {
  return JSON.stringify(owner);
}

/** The owner a lock file names: JSON, or the bare pid older emulators wrote. */
export function parseOwner(text: string): LockOwner | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const value = JSON.parse(trimmed) as Partial<LockOwner>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return undefined;
    return {
      pid: value.pid,
      ...(typeof value.boot === 'string' ? { boot: value.boot } : {}),
      ...(typeof value.start === 'string' ? { start: value.start } : {}),
    };
  } catch {
    return undefined;
  }
}

/** Whether the lock's owner still runs: the pid is alive and, where known, it is the same boot and process. */
export function ownerAlive(
  owner: LockOwner,
  probe: { alive(pid: number): boolean; boot(): string | undefined; start(pid: number): string | undefined } = SYSTEM,
): boolean {
  if (!probe.alive(owner.pid)) return false;
  const boot = probe.boot();
  if (owner.boot && boot && owner.boot !== boot) return false;
  const start = probe.start(owner.pid);
  if (owner.start && start && owner.start !== start) return false;
  return true;
}

const SYSTEM = {
  alive(pid: number): boolean {
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EPERM';
    }
  },
  boot: (): string | undefined => readOrUndefined('/proc/sys/kernel/random/boot_id')?.trim(),
  start: (pid: number): string | undefined => startTicks(pid),
};
