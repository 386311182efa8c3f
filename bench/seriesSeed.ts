// Puts a capability twin with `n` points one second apart from `t0` into an emulator (benchmarks' set-up).
import { BuildingTwinsClient } from '../src/core/api/client';

export async function seedTwin(url: string, twinId: string, t0: number, n: number): Promise<void> {
  const api = new BuildingTwinsClient({
    baseUrl: url,
    clientId: 'local-dev',
    clientSecret: 'local-dev-secret',
    rateLimit: false,
  });
  const template = await api.getTwin('HP-AHU-1-SAT');
  await api.putTwin({
    id: twinId,
    modelId: template.modelId,
    contents: { ...template.contents, name: 'Bench capability', externalID: 'BENCH-EXT' },
  });
  for (let offset = 0; offset < n; offset += 10_000) {
    const batch = Array.from({ length: Math.min(10_000, n - offset) }, (_, i) => ({
      connectorId: 'CON-BENCH',
      dtId: twinId,
      sourceTimestamp: new Date(t0 + (offset + i) * 1000).toISOString(),
      scalarValue: Math.sin((offset + i) / 3000) * 10 + ((offset + i) % 17) / 10,
    }));
    await api.sendTimeSeries(batch);
  }
}
