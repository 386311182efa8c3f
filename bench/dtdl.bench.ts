// DTDL benchmark on the Willow ontology (3,700 interfaces), printing times, memory and ratios:
// reading the folder, parsing + indexing, resolving inherited properties/relationships of every
// model, generating JSON Schemas, compared with plain JSON.parse of the same files.
// Run after `npx tsc -p tsconfig.test.json`: node --expose-gc out/bench/dtdl.bench.js [--runs N]
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { readDtdlFolder } from '../src/core/dtdl/dtdlFolder';
import { ModelIndex } from '../src/core/dtdl/modelIndex';
import { twinJsonSchema } from '../src/core/dtdl/twinJsonSchema';

const repoRoot = path.resolve(__dirname, '..', '..');
const ontology = path.resolve(repoRoot, '../shared/ontology/willow/Ontology');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = <T>(fn: () => T): [T, number] => { const t = performance.now(); const r = fn(); return [r, performance.now() - t]; };
const timeAsync = async <T>(fn: () => Promise<T>): Promise<[T, number]> => { const t = performance.now(); const r = await fn(); return [r, performance.now() - t]; };
const row = (label: string, ms: number, extra = ''): void => console.log(`  ${label.padEnd(52)} ${ms.toFixed(1).padStart(8)} ms ${extra}`);

async function listFiles(dir: string, out: string[] = []): Promise<string[]> {
  for (const e of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) await listFiles(full, out);
    else if (e.name.endsWith('.json')) out.push(full);
  }
  return out;
}

async function main(): Promise<void> {
  if (!(globalThis as { gc?: unknown }).gc) console.log('(run with --expose-gc for memory figures)');
  const files = await listFiles(ontology);
  const texts = await Promise.all(files.map((f) => fs.readFile(f, 'utf8')));
  console.log(`DTDL benchmark: ${files.length} files, ${(texts.reduce((n, t) => n + t.length, 0) / 1e6).toFixed(1)} MB, median of ${runs} runs`);

  const plain: number[] = [];
  const read: number[] = [];
  const build: number[] = [];
  const resolve: number[] = [];
  const folder: number[] = [];
  let heap = 0;
  let index: ModelIndex | undefined;
  for (let run = 0; run < runs; run++) {
    plain.push(time(() => texts.map((t) => JSON.parse(t.replace(/^\uFEFF/, ''))))[1]);
    const [{ documents }, readMs] = await timeAsync(() => readDtdlFolder(ontology));
    read.push(readMs);
    gc();
    const before = process.memoryUsage().heapUsed;
    const docs = documents.map((d) => d.doc);
    const [built, buildMs] = time(() => ModelIndex.fromInterfaces(docs));
    build.push(buildMs);
    resolve.push(time(() => { for (const id of built.ids()) { built.properties(id); built.relationships(id); built.components(id); built.isCapability(id); } })[1]);
    gc();
    heap = process.memoryUsage().heapUsed - before;
    folder.push((await timeAsync(() => ModelIndex.fromFolder(ontology)))[1]);
    index = built;
  }
  const idx = index!;
  console.log(`\n1. Load (${idx.size} interfaces, ${idx.warnings.length} warning)`);
  row('plain JSON.parse of all files (baseline)', median(plain));
  row('readDtdlFolder: walk + read + parse', median(read));
  row('ModelIndex.fromInterfaces: parse DTDL + index', median(build), `(${(median(build) / median(plain)).toFixed(2)}x JSON.parse)`);
  row('resolve inherited contents of every model', median(resolve));
  row('ModelIndex.fromFolder end to end', median(folder));
  console.log(`  heap held by the resolved index: ${(heap / 1e6).toFixed(1)} MB (ontology text ${(texts.reduce((n, t) => n + t.length, 0) / 1e6).toFixed(1)} MB)`);

  console.log('\n2. Lookups (after resolution, cached)');
  const ids = idx.ids();
  const lookups = 1_000_000;
  const [, lookupMs] = time(() => { let n = 0; for (let i = 0; i < lookups; i++) n += idx.properties(ids[i % ids.length]).size; return n; });
  row(`${lookups.toLocaleString()} properties() lookups`, lookupMs, `(${(lookupMs * 1e6 / lookups).toFixed(0)} ns each)`);
  const [, isAMs] = time(() => { let n = 0; for (let i = 0; i < lookups; i++) if (idx.isA(ids[i % ids.length], 'dtmi:com:willowinc:Space;1')) n++; return n; });
  row(`${lookups.toLocaleString()} isA() checks`, isAMs, `(${(isAMs * 1e6 / lookups).toFixed(0)} ns each)`);

  console.log('\n3. JSON Schema generation');
  const [schemas, schemaMs] = time(() => ids.map((id) => JSON.stringify(twinJsonSchema(idx, id)).length));
  row(`twinJsonSchema for all ${ids.length} models`, schemaMs, `(${(schemaMs / ids.length).toFixed(2)} ms each, avg ${(schemas.reduce((a, b) => a + b, 0) / schemas.length / 1024).toFixed(1)} KB)`);
}

main().catch((e) => { console.error(e); process.exitCode = 1; });
