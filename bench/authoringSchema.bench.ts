// Authoring schema benchmark on the Willow ontology (3,700 interfaces): the JSON Schema the extension
// serves to VS Code's JSON language service for twin documents, built for every model versus only the
// models open documents use (what the extension serves above 200 models). Prints time, size and ratios.
// Run after `npx tsc -p tsconfig.test.json`: node out/bench/authoringSchema.bench.js [--runs N]
import * as path from 'node:path';
import { ModelIndex } from '../src/core/dtdl/modelIndex';
import { authoringSchema } from '../src/extension/authoring/authoringSchemas';
import { machineLoad, size } from './benchStats';

const repoRoot = path.resolve(__dirname, '..', '..');
const ontology = path.resolve(repoRoot, '../shared/ontology/willow/Ontology');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : size(3, 1);

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function measure(
  index: ModelIndex,
  kind: 'twin' | 'import',
  checked: string[] | undefined,
): { ms: number; bytes: number } {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    bytes = JSON.stringify(authoringSchema(kind, index, checked)).length;
    times.push(performance.now() - t);
  }
  return { ms: median(times), bytes };
}

async function main(): Promise<void> {
  // Held until the ratio line is out.
  const out: string[] = [];
  const say = (text: string): void => {
    out.push(text);
  };
  const ratios: string[] = [];
  const index = await ModelIndex.fromFolder(ontology);
  say(`Willow ontology: ${index.size} models; median of ${runs} runs (build + JSON.stringify)`);
  const inUse = (n: number): string[] =>
    index
      .ids()
      .filter((id) => index.properties(id).size > 0)
      .slice(0, n);
  for (const kind of ['twin', 'import'] as const) {
    const all = measure(index, kind, undefined);
    say(
      `  ${kind} schema, every model          ${all.ms.toFixed(0).padStart(7)} ms ${(all.bytes / 1e6).toFixed(1).padStart(8)} MB`,
    );
    for (const n of [1, 10, 50]) {
      const some = measure(index, kind, inUse(n));
      if (n === 10)
        ratios.push(
          `${kind} schema for 10 models in use / every model: time ${(some.ms / all.ms).toFixed(3)}x, size ${(some.bytes / all.bytes).toFixed(3)}x`,
        );
      say(
        `  ${kind} schema, ${String(n).padStart(2)} model(s) in use    ${some.ms.toFixed(0).padStart(7)} ms ${(some.bytes / 1e6).toFixed(2).padStart(8)} MB   size ratio 1:${(all.bytes / some.bytes).toFixed(0)}, time ratio 1:${(all.ms / some.ms).toFixed(0)}`,
      );
    }
  }
  console.log(`ratio ${ratios.join('; ')}`);
  console.log(machineLoad());
  for (const line of out) console.log(line);
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
