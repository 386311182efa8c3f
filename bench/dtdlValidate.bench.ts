// DTDL validation benchmark on the Willow ontology (3,700 interfaces, read from ../shared/ontology/willow, never
// copied): the whole folder validated as one set, as `building-twins models check` and the model diagnostics do,
// next to reading and JSON.parse of the same files (the floor), and one file re-checked with the rest of the set
// (what typing in a model file costs: the incremental validator walks the edited file again and runs the checks
// across the set over the others' cached results). Heap growth while the set is validated is the memory figure.
// Measured on 2 cores shared with other work (load average 4.5-9.5): the set 0.27-0.67 s, the re-check after an
// edit 17-47 ms (median of runs about 21 ms), heap growth about 30 MB.
// Run: npm run bench -- dtdlValidate   [--runs N]
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ModelSetValidator, validateModelFiles, type ModelFile } from '../src/core/dtdl/validation/validateModels';
import { machineLoad, median, ratio, size } from './benchStats';

const repoRoot = path.resolve(__dirname, '..', '..');
const ontology = path.resolve(repoRoot, '../shared/ontology/willow/Ontology');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : size(5, 1);
const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

function readFiles(): ModelFile[] {
  return readdirSync(ontology, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => path.join(e.parentPath ?? e.path, e.name))
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }));
}

function main(): void {
  const samples = { read: [] as number[], parse: [] as number[], validate: [] as number[], recheck: [] as number[] };
  let heapMb = 0;
  let problems = 0;
  let files: ModelFile[] = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    files = readFiles();
    samples.read.push(performance.now() - t);
    t = performance.now();
    for (const f of files) JSON.parse(f.text.replace(/^\uFEFF/, ''));
    samples.parse.push(performance.now() - t);
    gc();
    const before = process.memoryUsage().heapUsed;
    t = performance.now();
    const found = validateModelFiles(files);
    samples.validate.push(performance.now() - t);
    heapMb = Math.max(heapMb, (process.memoryUsage().heapUsed - before) / 1e6);
    problems = found.length;
  }
  // Typing: one file (the largest, a worst case) edited again and again, the set re-checked after each edit.
  const validator = new ModelSetValidator();
  validator.validate(files);
  const edited = files.reduce((big, f, i) => (f.text.length > files[big].text.length ? i : big), 0);
  const original = files[edited].text;
  for (let i = 0; i < Math.max(10, runs * 4); i++) {
    files[edited] = { ...files[edited], text: original.replace(/\s*$/, ' '.repeat(i + 1)) };
    const t = performance.now();
    validator.validate(files);
    samples.recheck.push(performance.now() - t);
  }
  const m = (k: keyof typeof samples): number => median(samples[k]);
  console.log(
    `ratio validating the Willow ontology as one set / JSON.parse of the same files: ${ratio(m('validate'), m('parse'))}`,
  );
  console.log(`(${runs} run(s), median; ${machineLoad()})`);
  console.log(`  files                                   ${files.length}`);
  console.log(`  problems found                          ${problems}`);
  console.log(`  read every file                         ${m('read').toFixed(1)} ms`);
  console.log(`  JSON.parse of every file (floor)        ${m('parse').toFixed(1)} ms`);
  console.log(`  validate the set                        ${m('validate').toFixed(1)} ms`);
  console.log(
    `  re-check after editing one file         ${m('recheck').toFixed(1)} ms (largest file, ${files[edited].text.length} chars)`,
  );
  console.log(`  heap growth while validating (max)      ${heapMb.toFixed(1)} MB`);
  console.log(`  process RSS at the end                  ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
}

main();
