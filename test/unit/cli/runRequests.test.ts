// `building-twins run FILE` in-process against the emulator, and the request runner's paging.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeOutputFolder, writeInOutputFolder } from '../../../src/cli/outputFolder';
import { runCliInMemory, type CliRun } from './memoryCli';
import { outputFileNames } from '../../../src/cli/runRequestsCommand';
import { parseRequestFile } from '../../../src/core/requestFiles/requestFileParser';
import { runRequest } from '../../../src/core/requestFiles/requestRunner';
import { repoRoot } from '../../harness/harnessPaths';
import { EmulatorHarness } from '../api/emulatorHarness';

type Run = CliRun;

const CO2 = 'dtmi:com:buildingtwins:sample:Co2Sensor;1';
const FILE = `{
  // what a pipeline checks
  "variables": { "co2": "${CO2}", "size": 3 },
  "requests": [
    { "name": "CO2 sensors", "operation": "twins list", "query": { "model": "\${co2}", "page-size": "\${size}" } },
    { "name": "CO2 count", "operation": "twins count", "body": { "modelFilter": { "modelIds": ["\${co2}"] } } },
    { "name": "models", "operation": "models list" }
  ]
}`;

describe('building-twins run (request files) against the emulator', function () {
  this.timeout(60_000);
  let emu: EmulatorHarness;
  const files = new Map<string, string>();
  const folders: string[] = [];

  before(async () => {
    emu = await EmulatorHarness.start();
  });
  after(() => emu?.close());
  beforeEach(() => {
    files.clear();
    folders.length = 0;
  });

  const cli = (argv: string[]): Promise<Run> =>
    runCliInMemory([...argv, '--url', emu.url], {
      readFile: async (path) => {
        const content = files.get(path);
        if (content === undefined) throw new Error(`ENOENT: ${path}`);
        return new TextEncoder().encode(content);
      },
      writeFile: async (path, content) => {
        files.set(path, new TextDecoder().decode(content));
      },
      makeDirectory: async (path) => {
        folders.push(path);
      },
      writeInFolder: async (folder, name, content) => {
        const path = `${folder.replace(/\/+$/, '')}/${name}`;
        files.set(path, new TextDecoder().decode(content));
        return path;
      },
    });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const lines = (out: string): Array<Record<string, any>> =>
    out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));

  it('prints one JSON line per request, in order, and exits 0 when all succeeded', async () => {
    files.set('q.twinq.json', FILE);
    const run = await cli(['run', 'q.twinq.json']);
    assert.equal(run.code, 0, run.err);
    const [list, count, models] = lines(run.out);
    assert.deepEqual([list!.name, list!.operation, list!.ok], ['CO2 sensors', 'twins list', true]);
    assert.equal(list!.result.content.length, 3);
    assert.ok(list!.result.content.every((t: { modelId: string }) => t.modelId === CO2));
    const { client } = emu.client();
    assert.equal(count!.result.count, await client.countTwins({ modelFilter: { modelIds: [CO2] } }));
    assert.equal(models!.result.length, (await client.listModels()).length);
  });

  it('--name runs only the named requests; an unknown name is refused with the names there are', async () => {
    files.set('q.twinq.json', FILE);
    const run = await cli(['run', 'q.twinq.json', '--name', 'CO2 count']);
    assert.equal(run.code, 0, run.err);
    assert.deepEqual(
      lines(run.out).map((l) => l.name),
      ['CO2 count'],
    );
    const wrong = await cli(['run', 'q.twinq.json', '--name', 'nope']);
    assert.equal(wrong.code, 2);
    assert.match(wrong.err, /no request named "nope"; the file has "CO2 sensors", "CO2 count", "models"/);
  });

  it('--out writes each result to a file and the lines name the files', async () => {
    files.set('q.twinq.json', FILE);
    const run = await cli(['run', 'q.twinq.json', '--out', 'results/']);
    assert.equal(run.code, 0, run.err);
    assert.deepEqual(folders, ['results/']);
    assert.deepEqual(
      lines(run.out).map((l) => l.file),
      ['results/CO2-sensors.json', 'results/CO2-count.json', 'results/models.json'],
    );
    const written = JSON.parse(files.get('results/CO2-count.json')!);
    assert.equal(written.name, 'CO2 count');
    assert.equal(typeof written.result.count, 'number');
  });

  describe('--out on disk', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'bt-run-out-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    const onDisk = (argv: string[]): Promise<Run> =>
      runCliInMemory([...argv, '--url', emu.url], {
        readFile: async (path) => readFileSync(path),
        writeFile: async () => assert.fail('run --out writes through writeInFolder only'),
        makeDirectory: makeOutputFolder,
        writeInFolder: writeInOutputFolder,
      });

    it('writes the results into a new folder, making its missing parents', async () => {
      writeFileSync(join(dir, 'q.twinq.json'), FILE);
      const run = await onDisk(['run', join(dir, 'q.twinq.json'), '--out', join(dir, 'new', 'results')]);
      assert.equal(run.code, 0, run.err);
      assert.equal(JSON.parse(readFileSync(join(dir, 'new', 'results', 'models.json'), 'utf8')).name, 'models');
    });

    /** Escaped for a regular expression. */
    const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

    it('refuses a link where a result goes, before anything is sent or written: exit 2, with its path', async () => {
      writeFileSync(join(dir, 'q.twinq.json'), FILE);
      const outside = join(dir, 'outside.txt');
      writeFileSync(outside, 'keep me');
      mkdirSync(join(dir, 'results'));
      symlinkSync(outside, join(dir, 'results', 'CO2-count.json'));
      await emu.clearRequests();
      const run = await onDisk(['run', join(dir, 'q.twinq.json'), '--out', join(dir, 'results')]);
      assert.equal(run.code, 2, run.err);
      assert.match(
        run.err,
        new RegExp(`refused: ${literal(join(dir, 'results', 'CO2-count.json'))} is a symbolic link`),
      );
      assert.equal(readFileSync(outside, 'utf8'), 'keep me', 'the file outside is unchanged');
      assert.deepEqual(readdirSync(join(dir, 'results')), ['CO2-count.json'], 'no other result written');
      assert.deepEqual(await emu.requests(), [], 'nothing sent');
    });

    const linkedForms: [string, (dir: string) => string, (dir: string) => string][] = [
      ['a linked folder', (d) => join(d, 'linked'), (d) => join(d, 'linked')],
      ['a linked folder with a slash: linkdir/', (d) => `${join(d, 'linked')}/`, (d) => join(d, 'linked')],
      ['a linked folder and a dot: linkdir/.', (d) => `${join(d, 'linked')}/.`, (d) => join(d, 'linked')],
      ['a linked parent: par/link/sub', (d) => join(d, 'par', 'linked', 'sub'), (d) => join(d, 'par', 'linked')],
      [
        'a linked parent and a dot: par/link/./sub/',
        (d) => `${join(d, 'par', 'linked')}/./sub/`,
        (d) => join(d, 'par', 'linked'),
      ],
    ];
    for (const [form, out, link] of linkedForms) {
      it(`refuses --out through ${form}: exit 2, the link named, nothing written or sent`, async () => {
        writeFileSync(join(dir, 'q.twinq.json'), FILE);
        mkdirSync(join(dir, 'elsewhere'));
        mkdirSync(join(dir, 'par'));
        symlinkSync(join(dir, 'elsewhere'), link(dir));
        await emu.clearRequests();
        const run = await onDisk(['run', join(dir, 'q.twinq.json'), '--out', out(dir)]);
        assert.equal(run.code, 2, run.err);
        assert.match(run.err, new RegExp(`refused: (the output folder )?${literal(link(dir))} is a symbolic link`));
        assert.deepEqual(readdirSync(join(dir, 'elsewhere')), [], 'nothing written through the link');
        assert.deepEqual(await emu.requests(), [], 'nothing sent');
      });
    }
  });

  it('an invalid file is refused with its lines, and nothing is sent', async () => {
    files.set(
      'bad.twinq.json',
      '{ "requests": [\n  { "name": "ok", "operation": "models list" },\n  { "name": "bad", "operation": "twins count", "body": { "modelFilter": { "modelIds": "x" } } }\n] }',
    );
    await emu.clearRequests();
    const run = await cli(['run', 'bad.twinq.json']);
    assert.equal(run.code, 2);
    assert.match(
      run.err,
      /bad\.twinq\.json has 1 problem\(s\); nothing was sent:\n {2}bad\.twinq\.json:3:75: body\.modelFilter\.modelIds: must be array/,
    );
    assert.equal(run.out, '');
    assert.deepEqual(await emu.requests(), []);
  });

  it('a failed request is a line with its error; the others still run and the exit code is 1', async () => {
    files.set(
      'q.twinq.json',
      '{ "requests": [ { "name": "missing", "operation": "twins get", "query": { "id": "NO-SUCH-TWIN" } }, { "name": "models", "operation": "models list" } ] }',
    );
    const run = await cli(['run', 'q.twinq.json']);
    assert.equal(run.code, 1);
    const [missing, models] = lines(run.out);
    assert.equal(missing!.ok, false);
    assert.match(missing!.error, /404/);
    assert.equal(models!.ok, true);
    assert.match(run.err, /1 of 2 request\(s\) failed: "missing"/);
  });

  it('a request uses an earlier result of the same run; run alone, it says the earlier request has not run', async () => {
    files.set(
      'chain.twinq.json',
      `{ "variables": { "co2": "${CO2}" }, "requests": [
        { "name": "sensors", "operation": "twins list", "query": { "model": "\${co2}", "page-size": 1 } },
        { "name": "first", "operation": "twins get", "query": { "id": "\${@sensors#/content/0/id}" } },
        { "name": "label", "operation": "twins get", "query": { "id": "\${@sensors#/content/9/id}" } }
      ] }`,
    );
    const run = await cli(['run', 'chain.twinq.json']);
    const [sensors, first, label] = lines(run.out);
    assert.equal(sensors!.ok, true);
    assert.equal(first!.ok, true, first!.error);
    assert.equal(first!.result.id, sensors!.result.content[0].id);
    assert.deepEqual(label, {
      name: 'label',
      operation: 'twins get',
      ok: false,
      error: '\${@sensors#/content/9/id}: the result of "sensors" has nothing at /content/9',
    });
    assert.equal(run.code, 1);
    const alone = await cli(['run', 'chain.twinq.json', '--name', 'first']);
    assert.equal(alone.code, 1);
    assert.match(lines(alone.out)[0]!.error, /"sensors" has not run yet/);
  });

  it('runs a write the file consents to', async () => {
    files.set(
      'w.twinq.json',
      `{ "requests": [ { "name": "add", "operation": "twins put", "write": true, "body": { "id": "RUN-TEST-1", "modelId": "${CO2}", "contents": { "name": "from a request file" } } } ] }`,
    );
    const run = await cli(['run', 'w.twinq.json']);
    assert.equal(run.code, 0, run.err);
    const { client } = emu.client();
    assert.equal((await client.getTwin('RUN-TEST-1')).contents?.name, 'from a request file');
  });

  it('output file names are safe and unique', () => {
    assert.deepEqual(outputFileNames(['a b', 'a/b', '../x', '']), ['a-b.json', 'a-b-2.json', 'x.json', 'request.json']);
  });

  describe('paging', () => {
    const run = (): { client: () => ReturnType<EmulatorHarness['client']>['client']; signal: AbortSignal } => {
      const { client } = emu.client();
      return { client: () => client, signal: new AbortController().signal };
    };

    it('twins: follows the continuation to the end, every twin once', async () => {
      const { file } = parseRequestFile(
        '{ "requests": [ { "name": "all", "operation": "twins list", "query": { "page-size": 40 } } ] }',
      );
      const entry = file.requests[0]!;
      const ctx = run();
      const ids: string[] = [];
      let query = entry.query;
      let pages = 0;
      while (query) {
        const outcome = await runRequest(entry, ctx, query);
        assert.ok(outcome.ok, outcome.ok ? '' : outcome.error);
        ids.push(...(outcome.result as { content: Array<{ id: string }> }).content.map((t) => t.id));
        query = outcome.next;
        pages++;
      }
      assert.ok(pages > 1);
      assert.equal(new Set(ids).size, ids.length);
      assert.equal(ids.length, await ctx.client().countTwins());
    });

    it('insights: the next page by number until "after" is 0', async () => {
      const { file } = parseRequestFile(
        '{ "requests": [ { "name": "p", "operation": "insights list", "query": { "page-size": 2 } } ] }',
      );
      const entry = file.requests[0]!;
      const first = await runRequest(entry, run());
      assert.ok(first.ok);
      const total = (first.result as { total: number }).total;
      assert.ok(total > 2);
      assert.deepEqual(first.next, { 'page-size': 2, page: 2 });
      const last = await runRequest(entry, run(), { 'page-size': 2, page: Math.ceil(total / 2) });
      assert.ok(last.ok && last.next === undefined);
    });
  });
});

describe('the sample request file', function () {
  this.timeout(60_000);
  let emu: EmulatorHarness;
  before(async () => {
    emu = await EmulatorHarness.start();
  });
  after(() => emu?.close());

  it('parses without problems and every request answers with data from the sample building', async () => {
    const { file, problems } = parseRequestFile(
      readFileSync(join(repoRoot, 'media', 'samples', 'sample-building.twinq.json'), 'utf8'),
    );
    assert.deepEqual(problems, []);
    const { client } = emu.client();
    for (const entry of file.requests) {
      const outcome = await runRequest(entry, { client: () => client, signal: new AbortController().signal });
      assert.ok(outcome.ok, `${entry.name}: ${outcome.ok ? '' : outcome.error}`);
      const result = outcome.result as Record<string, unknown>;
      const size = Array.isArray(result)
        ? result.length
        : (
            (result.content ??
              result.items ??
              result.data ??
              (result.twin ? [result.twin] : undefined) ??
              (typeof result.count === 'number' && result.count > 0 ? [1] : [])) as unknown[]
          ).length;
      assert.ok(size > 0, `${entry.name} answered nothing`);
    }
  });
});
