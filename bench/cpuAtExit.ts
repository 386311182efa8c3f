// Preloaded into a benchmark's child process (node --require): at exit, writes the process's CPU time in ms (user +
// system) to the file named by BENCH_CPU_FILE, so a child's cost can be read apart from the machine's load.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const used = process.cpuUsage();
  if (process.env.BENCH_CPU_FILE) writeFileSync(process.env.BENCH_CPU_FILE, String((used.user + used.system) / 1000));
});
