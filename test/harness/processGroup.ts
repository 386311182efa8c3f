// Child processes the harness starts: each in its own process group, so one kill stops its whole tree.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';

export interface GroupProcess {
  child: ChildProcess;
  /** SIGTERM to the group, SIGKILL after `graceMs`; resolves when the leader has exited. */
  stop(graceMs?: number): Promise<void>;
}

const running = new Set<GroupProcess>();
const foldersToRemove = new Set<string>();
let exitHooksInstalled = false;

/** Removes a temporary folder when the harness exits without its normal clean-up; returns the undo. */
export function removeOnExit(folder: string): () => void {
  installExitHooks();
  foldersToRemove.add(folder);
  return () => foldersToRemove.delete(folder);
}

/** Groups are detached, so Ctrl+C or an early exit of the harness would orphan them: kill what is left. */
function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  const killAll = () => {
    for (const group of running) {
      try {
        process.kill(-group.child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    running.clear();
    for (const folder of foldersToRemove) rmSync(folder, { recursive: true, force: true });
    foldersToRemove.clear();
  };
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

export function spawnGroup(command: string, args: string[], options: SpawnOptions): GroupProcess {
  installExitHooks();
  const child = spawn(command, args, { ...options, detached: true });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // the group is already gone
    }
  };
  const group: GroupProcess = {
    child,
    async stop(graceMs = 5000) {
      running.delete(group);
      if (child.pid === undefined) return;
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      // members of the group (extension host, pty host) may outlive the leader
      signal('SIGKILL');
    },
  };
  running.add(group);
  return group;
}

/** Kills every group still running, e.g. from a SIGINT handler or when a run aborts. */
export async function stopAllGroups(): Promise<void> {
  await Promise.all([...running].map((g) => g.stop(2000)));
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
