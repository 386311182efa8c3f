// The sample building exported from the emulator as Azure Digital Twins Explorer's graph JSON and as its Excel import
// sheet, each imported into an empty emulator with the same models: the same twins and relationships come back.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BuildingTwinsApi, DigitalTwin, Relationship } from '../../../src/core/api/types';
import { exportFileContent } from '../../../src/core/bulk/exportFormats';
import { parseImportFile } from '../../../src/core/bulk/importFile';
import { planImport, serviceTwinLookup } from '../../../src/core/bulk/importPlan';
import { runImport } from '../../../src/core/bulk/importRunner';
import { collectExport } from '../../../src/core/bulk/twinExport';
import { ModelIndex } from '../../../src/core/dtdl/modelIndex';
import { EmulatorHarness } from '../api/emulatorHarness';

/** Every twin (id, model, properties) and relationship (source, name, target, properties) of a service, sorted. */
async function graphOf(client: BuildingTwinsApi): Promise<{ twins: string[]; relationships: string[] }> {
  const { twins, relationships } = await collectExport(client);
  const twin = (t: DigitalTwin): string => JSON.stringify([t.id, t.modelId, sorted(t.contents ?? {})]);
  const rel = (r: Relationship): string => JSON.stringify([r.sourceId, r.name, r.targetId, sorted(r.properties ?? {})]);
  return { twins: twins.map(twin).sort(), relationships: relationships.map(rel).sort() };
}

/** A value with its object keys in order, so equal values print alike. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
  );
}

describe('ADT Explorer files round trip: sample building exported, imported into an empty emulator', function () {
  this.timeout(120_000);
  let sample: EmulatorHarness;
  let modelsDir: string;
  let expected: { twins: string[]; relationships: string[] };
  let exported: Awaited<ReturnType<typeof collectExport>>;

  before(async () => {
    sample = await EmulatorHarness.start();
    const { client } = sample.client();
    modelsDir = mkdtempSync(join(tmpdir(), 'bt-roundtrip-models-'));
    const models = await client.listModels({ includeModelDefinitions: true });
    writeFileSync(join(modelsDir, 'models.json'), `[${models.map((m) => m.modelDefinition).join(',')}]`);
    exported = await collectExport(client);
    expected = await graphOf(client);
    assert.ok(expected.twins.length > 20 && expected.relationships.length > 20, 'the sample has a graph to compare');
  });
  after(async () => {
    await sample?.close();
    if (modelsDir) rmSync(modelsDir, { recursive: true, force: true });
  });

  for (const [format, name] of [
    ['adtJson', 'sample.json'],
    ['adtExcel', 'sample.xlsx'],
  ] as const) {
    it(`as ${name}: every twin and relationship comes back as it was`, async () => {
      const empty = await EmulatorHarness.start({ sample: false, models: [modelsDir] });
      try {
        const { client } = empty.client();
        assert.deepEqual((await graphOf(client)).twins, []);
        const bytes = await exportFileContent(format, exported);
        const index = ModelIndex.fromServiceModels(await client.listModels({ includeModelDefinitions: true }));
        const parsed = await parseImportFile({ name, bytes }, index);
        const plan = await planImport(parsed, { index, lookupTwins: serviceTwinLookup(client) });
        assert.deepEqual(plan.errors, []);
        const result = await runImport(plan, client, { concurrency: 8 });
        assert.deepEqual([result.failed, result.pending], [0, 0]);
        const imported = await graphOf(client);
        assert.deepEqual(imported.twins, expected.twins);
        assert.deepEqual(imported.relationships, expected.relationships);
      } finally {
        await empty.close();
      }
    });
  }
});
