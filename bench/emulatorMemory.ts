// Emulator memory for bench/emulator.bench.ts, in a fresh process (run with --expose-gc): the heap, array
// buffers and resident memory a sample of N twins takes once started, and what N more points of telemetry
// take. Prints JSON. Usage: node --expose-gc out/bench/emulatorMemory.js <scale> <points>
import { startEmulator } from '../src/emulator/emulator';

function settled(): NodeJS.MemoryUsage {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  gc();
  gc();
  return process.memoryUsage();
}

async function main(): Promise<void> {
  const scale = Number(process.argv[2]);
  const points = Number(process.argv[3] ?? 0);
  const before = settled();
  const emulator = await startEmulator({ port: 0, scale, log: false });
  // The peak of starting, before any point is added (read later, it would include the points' growth).
  const peakRssKiB = process.resourceUsage().maxRSS;
  const started = settled();
  const twins = emulator.store.collection('twins').size;
  const relationships = emulator.store.collection('relationships').size;
  const samplePoints = emulator.store.timeSeries.pointCount;
  // `points` more, one second apart over 100 twins, as POST /time-series stores them.
  const ids = [...emulator.store.collection<{ id: string }>('twins').keys()].slice(0, 100);
  const per = Math.ceil(points / ids.length);
  for (const id of ids) {
    const times = Array.from({ length: per }, (_, i) => ({
      time: Date.UTC(2020, 0, 1) + i * 1000,
      value: i % 97,
      enqueued: 0,
    }));
    emulator.store.insertPoints(id, times);
  }
  const filled = settled();
  process.stdout.write(
    JSON.stringify({
      scale,
      twins,
      relationships,
      samplePoints,
      addedPoints: per * ids.length,
      peakRss: peakRssKiB * 1024 - before.rss,
      heap: started.heapUsed - before.heapUsed,
      arrayBuffers: started.arrayBuffers - before.arrayBuffers,
      rss: started.rss - before.rss,
      pointHeap: filled.heapUsed - started.heapUsed,
      pointArrayBuffers: filled.arrayBuffers - started.arrayBuffers,
      pointRss: filled.rss - started.rss,
    }),
  );
  await emulator.close();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
