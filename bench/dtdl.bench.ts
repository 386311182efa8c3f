// DTDL benchmark on the Willow ontology (3,700 interfaces in 1,369 folders, read from ../shared/ontology/willow,
// never copied), end to end: reading the folder, parsing and indexing, resolving every model's inherited
// contents, generating JSON Schemas; next to plain reading and JSON.parse of the same files, and next to
// reading them the way the reader did before (asynchronous reads, 32 at a time). The ratio line comes first.
// Run: npm run bench -- dtdl   [--runs N]
import { promises as fs, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { readDtdlFolder } from '../src/core/dtdl/dtdlFolder';
import { ModelIndex } from '../src/core/dtdl/modelIndex';
import { twinJsonSchema } from '../src/core/dtdl/twinJsonSchema';
import { machineLoad, median, ratio, size } from './benchStats';

const repoRoot = path.resolve(__dirname, '..', '..');
const ontology = path.resolve(repoRoot, '../shared/ontology/willow/Ontology');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : size(7, 1);

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();
const time = <T>(fn: () => T): [T, number] => {
  const t = performance.now();
  const r = fn();
  return [r, performance.now() - t];
};
const timeAsync = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const t = performance.now();
  const r = await fn();
  return [r, performance.now() - t];
};
const row = (label: string, ms: number, extra = ''): string =>
  `  ${label.padEnd(64)} ${ms.toFixed(1).padStart(8)} ms ${extra}`;

const jsonFiles = (): string[] =>
  readdirSync(ontology, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => path.join(e.parentPath ?? e.path, e.name));

/** The floor: every file read and JSON.parsed, nothing else (synchronously: the fastest way there is). */
function plainRead(): unknown[] {
  return jsonFiles().map((f) => JSON.parse(readFileSync(f, 'utf8').replace(/^\uFEFF/, '')));
}

/** How the folder was read before: an asynchronous walk, then asynchronous reads 32 at a time. */
async function asyncRead(): Promise<unknown[]> {
  const files: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const e of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile() && e.name.endsWith('.json')) files.push(full);
    }
  };
  await walk(ontology);
  const out: unknown[] = new Array(files.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < files.length) {
        const i = next++;
        out[i] = JSON.parse((await fs.readFile(files[i]!, 'utf8')).replace(/^\uFEFF/, ''));
      }
    }),
  );
  return out;
}

async function main(): Promise<void> {
  if (!(globalThis as { gc?: unknown }).gc) console.log('(run with --expose-gc for memory figures)');
  const samples: Record<string, number[]> = {
    plain: [],
    before: [],
    read: [],
    build: [],
    resolve: [],
    folder: [],
    endToEnd: [],
  };
  let heap = 0;
  let index: ModelIndex | undefined;
  let files = 0;
  let bytes = 0;
  for (let run = 0; run < runs; run++) {
    gc();
    const [plain, plainMs] = time(plainRead);
    files = plain.length;
    samples.plain!.push(plainMs);
    samples.before!.push((await timeAsync(asyncRead))[1]);
    const [{ documents }, readMs] = await timeAsync(() => readDtdlFolder(ontology));
    samples.read!.push(readMs);
    gc();
    const before = process.memoryUsage().heapUsed;
    const [built, buildMs] = time(() => ModelIndex.fromDocuments(documents));
    samples.build!.push(buildMs);
    const resolveAll = (idx: ModelIndex): void => {
      for (const id of idx.ids()) {
        idx.properties(id);
        idx.relationships(id);
        idx.components(id);
        idx.isCapability(id);
      }
    };
    samples.resolve!.push(time(() => resolveAll(built))[1]);
    gc();
    heap = process.memoryUsage().heapUsed - before;
    samples.folder!.push((await timeAsync(() => ModelIndex.fromFolder(ontology)))[1]);
    samples.endToEnd!.push((await timeAsync(async () => resolveAll(await ModelIndex.fromFolder(ontology))))[1]);
    index = built;
  }
  for (const f of jsonFiles()) bytes += readFileSync(f).length;
  const m = (name: string): number => median(samples[name]!);
  const idx = index!;
  console.log(
    `ratio ModelIndex.fromFolder end to end (file reads included) / reading and JSON.parse of the same files: ${ratio(m('folder'), m('plain'))};` +
      ` reading the folder, synchronous calls in turns / asynchronous reads 32 at a time (before): ${ratio(m('read'), m('before'))}`,
  );
  console.log(
    `DTDL benchmark: ${files} files, ${(bytes / 1e6).toFixed(1)} MB; medians of ${runs} runs; ${machineLoad()}`,
  );
  console.log(`\n1. Load (${idx.size} interfaces, ${idx.warnings.length} warning(s))`);
  console.log(row('read + JSON.parse of every file, nothing else (the floor)', m('plain')));
  console.log(
    row(
      'readDtdlFolder: list + read + parse (synchronous calls in turns)',
      m('read'),
      `(${ratio(m('read'), m('plain'))} the floor)`,
    ),
  );
  console.log(
    row(
      'the same the way before: asynchronous, 32 reads at a time',
      m('before'),
      `(${ratio(m('before'), m('plain'))} the floor)`,
    ),
  );
  console.log(row('ModelIndex.fromDocuments: parse DTDL + index', m('build')));
  console.log(row('resolve inherited contents of every model', m('resolve')));
  console.log(
    row(
      'ModelIndex.fromFolder end to end (file reads included)',
      m('folder'),
      `(${ratio(m('folder'), m('plain'))} the floor)`,
    ),
  );
  console.log(row('... and every model resolved', m('endToEnd')));
  console.log(
    `  heap held by the resolved index: ${(heap / 1e6).toFixed(1)} MB (ontology text ${(bytes / 1e6).toFixed(1)} MB)`,
  );

  console.log('\n2. Lookups (after resolution, cached)');
  const ids = idx.ids();
  const lookups = size(1_000_000, 10_000);
  const [, lookupMs] = time(() => {
    let n = 0;
    for (let i = 0; i < lookups; i++) n += idx.properties(ids[i % ids.length]!).size;
    return n;
  });
  console.log(
    row(
      `${lookups.toLocaleString()} properties() lookups`,
      lookupMs,
      `(${((lookupMs * 1e6) / lookups).toFixed(0)} ns each)`,
    ),
  );
  const [, isAMs] = time(() => {
    let n = 0;
    for (let i = 0; i < lookups; i++) if (idx.isA(ids[i % ids.length]!, 'dtmi:com:willowinc:Space;1')) n++;
    return n;
  });
  console.log(
    row(`${lookups.toLocaleString()} isA() checks`, isAMs, `(${((isAMs * 1e6) / lookups).toFixed(0)} ns each)`),
  );

  console.log('\n3. JSON Schema generation');
  const [schemas, schemaMs] = time(() => ids.map((id) => JSON.stringify(twinJsonSchema(idx, id)).length));
  console.log(
    row(
      `twinJsonSchema for all ${ids.length} models`,
      schemaMs,
      `(${(schemaMs / ids.length).toFixed(2)} ms each, avg ${(schemas.reduce((a, b) => a + b, 0) / schemas.length / 1024).toFixed(1)} KB)`,
    ),
  );
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
