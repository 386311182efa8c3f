import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { ModelIndex } from '../../../src/core/dtdl/modelIndex';
import { parseImportJson } from '../../../src/core/bulk/importJson';
import { planImport, serviceTwinLookup, type ImportPlan } from '../../../src/core/bulk/importPlan';
import { fileReportStore, memoryReportStore, summarizeReport } from '../../../src/core/bulk/importReport';
import { runImport } from '../../../src/core/bulk/importRunner';
import { exportTwins } from '../../../src/core/bulk/twinExport';
import type { DigitalTwin, Relationship } from '../../../src/core/api/types';
import { EmulatorHarness } from '../api/emulatorHarness';
import { ROOM, SPACE, fixtureInterfaces } from '../dtdl/dtdlFixtures';

const index = ModelIndex.fromInterfaces(fixtureInterfaces);

/** 15 twins + 15 relationships: a space, 14 rooms in it, and one room served by another. */
function importFile(prefix: string): string {
  const items: unknown[] = [{ id: `${prefix}S0`, modelId: SPACE, contents: { name: 'Space' } }];
  for (let i = 1; i <= 14; i++) items.push({ id: `${prefix}R${i}`, modelId: ROOM, contents: { capacity: i } });
  for (let i = 1; i <= 14; i++) items.push({ sourceId: `${prefix}R${i}`, name: 'isPartOf', targetId: `${prefix}S0` });
  items.push({ sourceId: `${prefix}R2`, name: 'servedBy', targetId: `${prefix}R1` });
  return `[\n${items.map((i) => JSON.stringify(i)).join(',\n')}\n]`;
}

async function plan(prefix: string): Promise<ImportPlan> {
  const p = await planImport(parseImportJson(importFile(prefix), 'import.json'), { index });
  assert.deepEqual(p.errors, []);
  assert.equal(p.twins.length + p.relationships.length, 30);
  return p;
}

const putCount = (requests: Array<{ method: string; path: string; status: number }>, p: string): number =>
  requests.filter((r) => r.method === 'PUT' && r.path.endsWith(p) && r.status === 200).length;

async function assertImported(harness: EmulatorHarness, prefix: string): Promise<void> {
  const { client } = harness.client({ retry: { baseDelayMs: 1, maxDelayMs: 5, retries: 10 } });
  const ids = [`${prefix}S0`, ...Array.from({ length: 14 }, (_, i) => `${prefix}R${i + 1}`)];
  const { twins } = await client.getTwinsByIds(ids);
  assert.equal(twins.length, 15);
  for (let i = 1; i <= 14; i++) {
    const out = await client.listOutgoingRelationships(`${prefix}R${i}`);
    assert.deepEqual(
      out.map((r) => `${r.name}>${r.targetId}`).sort(),
      i === 2 ? [`isPartOf>${prefix}S0`, `servedBy>${prefix}R1`] : [`isPartOf>${prefix}S0`],
    );
  }
}

describe('runImport against the emulator', function () {
  this.timeout(60000);
  let modelsDir: string;
  before(async () => {
    modelsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'import models '));
    await fs.writeFile(path.join(modelsDir, 'models.json'), JSON.stringify(fixtureInterfaces.flat()));
  });
  after(() => fs.rm(modelsDir, { recursive: true, force: true }));
  // The shared fixture models keep the quirks other tests need (names repeated along a chain, an undeclared
  // semantic type), which the emulator refuses by default: loaded leniently, as a service holding them would.
  const fixtureService = () => ({ sample: false, models: [modelsDir], lenientModels: true });

  describe('with 10 % faults', () => {
    let harness: EmulatorHarness;
    before(async () => {
      harness = await EmulatorHarness.start({ ...fixtureService(), faults: 0.1, seed: 7 });
    });
    after(() => harness.close());

    it('imports every item exactly once, and a re-run with the report sends nothing', async () => {
      const { client } = harness.client({ retry: { baseDelayMs: 1, maxDelayMs: 5, retries: 10 } });
      const p = await plan('F');
      const report = memoryReportStore();
      const progress: number[] = [];
      const pinned = Date.UTC(2031, 1, 3, 4, 5, 6);
      const result = await runImport(p, client, {
        concurrency: 4,
        report,
        onProgress: (e) => progress.push(e.done + e.failed),
        clock: { now: () => pinned },
      });
      const times = new Set([
        report.current!.createdAt,
        report.current!.updatedAt,
        ...Object.values(report.current!.items).map((item) => item.at),
      ]);
      assert.deepEqual([...times], [new Date(pinned).toISOString()], "the report's times come from the given clock");
      assert.deepEqual(
        [result.done, result.failed, result.skipped, result.pending, result.aborted],
        [30, 0, 0, 0, false],
      );
      assert.deepEqual(
        result.outcomes.map((o) => o.status),
        Array(30).fill('done'),
      );
      assert.equal(Object.keys(report.current!.items).length, 30);
      assert.deepEqual(summarizeReport(report.current!), { done: 30, failed: 0 });
      assert.equal(Math.max(...progress), 30);
      const served = await harness.requests();
      assert.equal(putCount(served, '/twins'), 15);
      assert.equal(putCount(served, '/twins/relationships'), 15);
      await assertImported(harness, 'F');

      await harness.clearRequests();
      const again = await runImport(p, client, { report });
      assert.deepEqual([again.done, again.failed, again.skipped], [0, 0, 30]);
      assert.deepEqual(
        (await harness.requests()).filter((r) => r.method === 'PUT'),
        [],
      );
    });

    it('resumes a cancelled run from its report file, sending only what was not done', async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'import report '));
      try {
        const file = path.join(dir, 'report.json');
        const { client } = harness.client({ retry: { baseDelayMs: 1, maxDelayMs: 5, retries: 10 } });
        const p = await plan('C');
        const controller = new AbortController();
        const first = await runImport(p, client, {
          concurrency: 2,
          signal: controller.signal,
          report: fileReportStore(file),
          onProgress: (e) => {
            if (e.done >= 10) controller.abort();
          },
        });
        assert.equal(first.aborted, true);
        assert.ok(first.done >= 10 && first.pending > 0, `done ${first.done}, pending ${first.pending}`);
        assert.equal(first.done + first.failed + first.pending, 30);
        const saved = JSON.parse(await fs.readFile(file, 'utf8'));
        assert.equal(
          Object.values(saved.items).filter((e) => (e as { status: string }).status === 'done').length,
          first.done,
        );

        await harness.clearRequests();
        const second = await runImport(p, client, { concurrency: 4, report: fileReportStore(file) });
        assert.deepEqual(
          [second.skipped, second.done, second.failed, second.aborted],
          [first.done, 30 - first.done, 0, false],
        );
        const served = await harness.requests();
        const doneTwins = first.outcomes.filter((o) => o.kind === 'twin' && o.status === 'done').length;
        assert.equal(putCount(served, '/twins'), 15 - doneTwins);
        assert.equal(putCount(served, '/twins/relationships'), 15 - (first.done - doneTwins));
        const final = JSON.parse(await fs.readFile(file, 'utf8'));
        assert.equal(Object.keys(final.items).length, 30);
        assert.ok(
          Object.values(final.items).every(
            (e) => (e as { status: string }).status === 'done' && (e as { attempts: number }).attempts === 1,
          ),
        );
        await assertImported(harness, 'C');
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    });
  });

  describe('under a rate limit (20 per second on both sides)', () => {
    let harness: EmulatorHarness;
    before(async () => {
      harness = await EmulatorHarness.start({
        ...fixtureService(),
        rateLimit: { count: 20, seconds: 1 },
      });
    });
    after(() => harness.close());

    it('imports every item exactly once without a 429', async () => {
      const { client } = harness.client({ rateLimit: { count: 20, seconds: 1 } });
      const p = await plan('L');
      const result = await runImport(p, client, { concurrency: 8, report: memoryReportStore() });
      assert.deepEqual([result.done, result.failed], [30, 0]);
      const served = await harness.requests();
      assert.equal(served.filter((r) => r.status === 429).length, 0);
      assert.equal(putCount(served, '/twins'), 15);
      assert.equal(putCount(served, '/twins/relationships'), 15);
    });
  });

  describe('without faults', () => {
    let harness: EmulatorHarness;
    before(async () => {
      harness = await EmulatorHarness.start(fixtureService());
    });
    after(() => harness.close());

    it('records failures with reasons and fails dependent relationships without sending them', async () => {
      const { client } = harness.client();
      const refusing = {
        putTwin: async (twin: DigitalTwin) => {
          if (twin.id === 'XS0') throw new Error('refused by test');
          return client.putTwin(twin);
        },
        putRelationship: (rel: Relationship) => client.putRelationship(rel),
      };
      const report = memoryReportStore();
      await harness.clearRequests();
      const result = await runImport(await plan('X'), refusing, { report });
      assert.deepEqual([result.done, result.failed], [15, 15]);
      const failed = result.outcomes.filter((o) => o.status === 'failed');
      assert.deepEqual(failed[0], {
        key: 'twin:XS0',
        kind: 'twin',
        file: 'import.json',
        line: 2,
        status: 'failed',
        error: 'refused by test',
      });
      assert.ok(
        failed.slice(1).every((o) => o.kind === 'relationship' && o.error === 'target twin XS0 failed to import'),
      );
      assert.equal(report.current!.items['twin:XS0'].error, 'refused by test');
      const served = await harness.requests();
      assert.equal(putCount(served, '/twins/relationships'), 1);
    });
  });

  describe('exportTwins', () => {
    let harness: EmulatorHarness;
    before(async () => {
      harness = await EmulatorHarness.start(fixtureService());
    });
    after(() => harness.close());

    it('streams twins and relationships in the import format, which imports back', async () => {
      const { client } = harness.client();
      await runImport(await plan('E'), client, {});
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      const progress: Array<{ twins: number; relationships: number }> = [];
      const counts = await exportTwins(client, out, {
        pageSize: 4,
        filter: { modelFilter: { modelIds: [SPACE] } },
        onProgress: (p) => progress.push(p),
      });
      assert.deepEqual(counts, { twins: 15, relationships: 15 });
      assert.ok(progress.length >= 4);
      const text = Buffer.concat(chunks).toString('utf8');
      const parsed = parseImportJson(text, 'export.json');
      assert.deepEqual(parsed.errors, []);
      assert.equal(parsed.items.filter((i) => i.kind === 'twin').length, 15);
      assert.ok(
        parsed.items.every((i) =>
          i.kind === 'twin' ? i.twin.lastUpdateTime === undefined : i.relationship.id === undefined,
        ),
      );
      const replan = await planImport(parsed, { index, lookupTwins: serviceTwinLookup(client) });
      assert.deepEqual(replan.errors, []);
      assert.equal(replan.relationships.length, 15);
    });

    it('leaves a failed export visibly incomplete and rethrows', async () => {
      const failing = {
        async *iterateTwins() {
          yield { id: 'A', modelId: SPACE, outgoingRelationships: [] };
          throw new Error('connection lost');
        },
        listOutgoingRelationships: async () => [],
      };
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      await assert.rejects(exportTwins(failing, out), /connection lost/);
      const parsed = parseImportJson(Buffer.concat(chunks).toString('utf8'), 'partial.json');
      assert.equal(parsed.items.length, 0);
      assert.match(parsed.errors[0].message, /^JSON syntax error/);
    });
  });
});
