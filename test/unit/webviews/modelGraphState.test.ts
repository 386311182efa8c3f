import * as assert from 'node:assert/strict';
import { clampModelDepth, ModelGraphState } from '../../../src/webviews/modelGraph/app/modelGraphState';
import type { ModelGraphMethods } from '../../../src/webviews/modelGraph/modelGraphProtocol';

const init: ModelGraphMethods['init']['result'] = {
  source: { kind: 'connection', name: 'local', connection: 'local' },
  rootIds: ['dtmi:x:VAV;1'],
  options: { depth: 2, direction: 'outgoing', kinds: ['extends', 'relationship'] },
  modelCount: 3,
};
const node = (id: string, label: string) => ({ id, label, missing: false });

describe('the model graph panel state', () => {
  it('opens on the host roots and options unless the webview kept its own, and remembers the source', () => {
    const fresh = new ModelGraphState(undefined);
    fresh.opened(init);
    assert.deepEqual(fresh.panel.rootIds, ['dtmi:x:VAV;1']);
    assert.equal(fresh.options.depth, 2);
    assert.equal(fresh.panel.connection, 'local');
    const kept = new ModelGraphState({ rootIds: [], options: { depth: 4, direction: 'both', kinds: ['extends'] } });
    kept.opened(init);
    assert.deepEqual(kept.panel.rootIds, [], 'the whole set, as before the reload');
    assert.equal(kept.options.depth, 4);
  });

  it('draws a model chosen as root with what it extends, relates to and contains, one hop; all models from the top down', () => {
    const state = new ModelGraphState({
      rootIds: [],
      options: { depth: 5, direction: 'incoming', kinds: ['extends'] },
    });
    state.reroot(['dtmi:x:VAV;1']);
    assert.deepEqual(state.options, {
      depth: 1,
      direction: 'outgoing',
      kinds: ['extends', 'relationship', 'component'],
    });
    state.reroot([]);
    assert.deepEqual(state.options, { depth: 2, direction: 'incoming', kinds: ['extends'] });
  });

  it('opens in the hierarchy layout and takes only known layouts', () => {
    const state = new ModelGraphState(undefined);
    assert.equal(state.layout, 'hierarchical');
    assert.equal(state.chooseLayout('concentric'), true);
    assert.equal(state.layout, 'concentric');
    assert.equal(state.chooseLayout('concentric'), false);
    assert.equal(state.chooseLayout('<img src=x>'), true, 'an unknown layout is the default, a change from rings');
    assert.equal(state.layout, 'hierarchical');
  });

  it('finds drawn models by name or id, keeps the selection only while its model is drawn, and says when cut', () => {
    const state = new ModelGraphState(undefined);
    state.show({
      rootIds: ['dtmi:x:VAV;1'],
      nodes: [node('dtmi:x:VAV;1', 'VAV Box'), node('dtmi:x:Unit;1', 'Terminal Unit')],
      edges: [],
      truncated: false,
    });
    assert.deepEqual(state.matches('vav'), ['dtmi:x:VAV;1']);
    assert.deepEqual(state.matches('x:unit'), ['dtmi:x:Unit;1']);
    assert.deepEqual(state.matches('  '), []);
    state.selectedId = 'dtmi:x:Unit;1';
    assert.equal(state.sizeText(), '2 models, 0 links');
    state.show({ rootIds: [], nodes: [node('dtmi:x:VAV;1', 'VAV Box')], edges: [], truncated: true });
    assert.equal(state.selectedId, undefined);
    assert.match(state.sizeText(), /^1 model, 0 links; cut:/);
  });

  it('clamps a typed depth to 1..10', () => {
    assert.equal(clampModelDepth('0'), 1);
    assert.equal(clampModelDepth('12'), 10);
    assert.equal(clampModelDepth('2.6'), 3);
    assert.equal(clampModelDepth('deep'), 1);
  });
});
