import * as assert from 'node:assert/strict';
import { ModelIndex } from '../../../src/core/dtdl/modelIndex';
import { checkedOptions, createModelGraphHandlers } from '../../../src/extension/panels/modelGraph/modelGraphHandlers';
import { defaultModelGraphOptions } from '../../../src/webviews/modelGraph/modelGraphProtocol';

const ctx = 'dtmi:dtdl:context;3';
const models = ModelIndex.fromInterfaces([
  { '@context': ctx, '@id': 'dtmi:x:Asset;1', '@type': 'Interface', displayName: 'Asset' },
  {
    '@context': ctx,
    '@id': 'dtmi:x:Pump;1',
    '@type': 'Interface',
    displayName: 'Pump',
    extends: 'dtmi:x:Asset;1',
    contents: [{ '@type': 'Relationship', name: 'isFedBy' }],
  },
]);

function handlers() {
  const opened: string[] = [];
  const h = createModelGraphHandlers({
    source: { kind: 'connection', name: 'local', connection: 'local' },
    models: async () => models,
    rootIds: ['dtmi:x:Pump;1'],
    options: defaultModelGraphOptions(['dtmi:x:Pump;1']),
    openModel: async (id) => void opened.push(id),
  });
  return { h, opened };
}

describe('model graph handlers', () => {
  it('init names the source, the roots, the options and how many models the set has', async () => {
    const { h } = handlers();
    assert.deepEqual(await h.init({}), {
      source: { kind: 'connection', name: 'local', connection: 'local' },
      rootIds: ['dtmi:x:Pump;1'],
      options: { depth: 1, direction: 'outgoing', kinds: ['extends', 'relationship', 'component'] },
      modelCount: 2,
    });
  });

  it('builds the graph the webview asks for, searches, sums up and opens models of the set', async () => {
    const { h, opened } = handlers();
    const graph = await h.graph({
      rootIds: ['dtmi:x:Pump;1'],
      options: { depth: 1, direction: 'outgoing', kinds: ['extends'] },
    });
    assert.deepEqual(
      graph.nodes.map((n) => n.id),
      ['dtmi:x:Pump;1', 'dtmi:x:Asset;1'],
    );
    assert.deepEqual(
      (await h.search({ text: 'pu' })).map((m) => m.id),
      ['dtmi:x:Pump;1'],
    );
    assert.equal((await h.summary({ modelId: 'dtmi:x:Pump;1' }))?.relationships[0]?.name, 'isFedBy');
    assert.equal(await h.summary({ modelId: 'dtmi:x:Nowhere;1' }), null);
    assert.deepEqual(await h.openModel({ modelId: 'dtmi:x:Asset;1' }), { opened: true });
    assert.deepEqual(opened, ['dtmi:x:Asset;1']);
  });

  it('refuses what a webview should not send, with a specific message, and opens nothing', async () => {
    const { h, opened } = handlers();
    const good = { depth: 1, direction: 'outgoing', kinds: ['extends'] };
    await assert.rejects(async () => h.graph({ rootIds: ['not-a-dtmi'], options: good as never }), /must be a DTMI/);
    await assert.rejects(
      async () => h.graph({ rootIds: 'dtmi:x:Pump;1' as never, options: good as never }),
      /at most 10 models/,
    );
    const many = Array.from({ length: 11 }, (_, i) => `dtmi:x:M${i};1`);
    await assert.rejects(async () => h.graph({ rootIds: many, options: good as never }), /at most 10 models/);
    await assert.rejects(async () => h.search({ text: 'x'.repeat(201) }), /at most 200 characters/);
    await assert.rejects(async () => h.search({ text: 42 as never }), /at most 200 characters/);
    await assert.rejects(async () => h.openModel({ modelId: 'dtmi:x:Nowhere;1' }), /No model dtmi:x:Nowhere;1/);
    await assert.rejects(async () => h.summary({ modelId: { toString: () => 'dtmi:x' } as never }), /must be a DTMI/);
    assert.deepEqual(opened, []);
  });

  it('checks every option: depth 1..10, a known direction, at least one known kind', () => {
    assert.deepEqual(checkedOptions({ depth: 3, direction: 'both', kinds: ['component', 'component'] }), {
      depth: 3,
      direction: 'both',
      kinds: ['component'],
    });
    assert.throws(() => checkedOptions({ depth: 11, direction: 'both', kinds: ['extends'] }), /from 1 to 10, got 11/);
    assert.throws(() => checkedOptions({ depth: 1.5, direction: 'both', kinds: ['extends'] }), /got 1.5/);
    assert.throws(() => checkedOptions({ depth: 1, direction: 'sideways', kinds: ['extends'] }), /got sideways/);
    assert.throws(() => checkedOptions({ depth: 1, direction: 'both', kinds: [] }), /at least one of/);
    assert.throws(() => checkedOptions({ depth: 1, direction: 'both', kinds: ['__proto__'] }), /at least one of/);
    assert.throws(() => checkedOptions(null), /Depth must be/);
  });
});
