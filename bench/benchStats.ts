// What the benchmarks share: medians and percentiles, CPU time of this process and of a child, the
// machine's load (the machine is shared: every figure is a ratio of things measured side by side).
import { readFileSync } from 'node:fs';
import * as os from 'node:os';

export function median(values: number[]): number {
  return percentile(values, 50);
}

/** The nearest-rank percentile (p in 0..100). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((sorted.length * p) / 100) - 1))] ?? NaN;
}

/** Wall and CPU milliseconds of `fn` in this process. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ result: T; wallMs: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await fn();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { result, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

/** CPU milliseconds a child process has used so far (Linux /proc; undefined elsewhere). */
export function childCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command name), in clock ticks (100/s).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** "load 1.3 on 2 cores": how busy the shared machine was when the figures were taken. */
export function machineLoad(): string {
  return `load average ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores`;
}

/**
 * `npm run bench -- --smoke`: each benchmark's shortest run, which shows only that it still works (CI runs every
 * benchmark this way, so none can rot); its figures mean nothing.
 */
export const smoke = process.argv.includes('--smoke');

/** `full` in a real run, `short` in a smoke run. */
export function size<T>(full: T, short: T): T {
  return smoke ? short : full;
}

export const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}x`;
export const ms = (value: number, digits = 1): string => `${value.toFixed(digits)} ms`;
