import * as assert from 'node:assert/strict';
import { clampDepth, TwinGraphState } from '../../../src/webviews/twinGraph/app/twinGraphState';
import type { GraphData, GraphNode } from '../../../src/webviews/twinGraph/twinGraphProtocol';

const HOPS = { relationshipNames: [], direction: 'IncomingOrOutgoing' as const, depth: 1 };

function node(id: string, modelId = 'dtmi:x:Room;1', modelLabel = 'Room'): GraphNode {
  return { id, label: `${id} name`, modelId, modelLabel };
}

function graph(rootId: string, nodes: GraphNode[], edges: Array<[string, string]>): GraphData {
  return {
    rootId,
    nodes,
    edges: edges.map(([source, target]) => ({ id: `${source}-${target}`, source, target, name: 'isPartOf' })),
  };
}

describe('the twin graph panel state', () => {
  it('opens on the host roots and hops unless the webview kept its own', () => {
    const init = { connection: 'local', rootId: 'A', otherRootIds: ['B'], hops: HOPS, relationshipNames: [] };
    const fresh = new TwinGraphState(undefined);
    fresh.opened(init);
    assert.deepEqual(fresh.roots(), ['A', 'B']);
    assert.deepEqual(fresh.panel.hops, HOPS);
    const kept = new TwinGraphState({ rootId: 'Z', otherRootIds: [], hops: { ...HOPS, depth: 3 } });
    kept.opened(init);
    assert.deepEqual(kept.roots(), ['A'], 'the host names the root; the kept other roots stay');
    assert.equal(kept.panel.hops?.depth, 3);
  });

  it('merges answers: each twin and relationship once, the first answer naming it wins', () => {
    const state = new TwinGraphState(undefined);
    const first = state.merge(graph('A', [node('A'), node('B')], [['B', 'A']]));
    assert.deepEqual(
      first.nodes.map((n) => n.id),
      ['A', 'B'],
    );
    const second = state.merge(
      graph(
        'B',
        [node('B'), node('C', 'dtmi:x:Sensor;1', '')],
        [
          ['B', 'A'],
          ['C', 'B'],
        ],
      ),
    );
    assert.deepEqual(
      second.nodes.map((n) => n.id),
      ['C'],
    );
    assert.deepEqual(
      second.edges.map((e) => e.id),
      ['C-B'],
    );
    assert.equal(state.sizeText(), '3 twins, 2 relationships');
    assert.deepEqual(state.models(), [
      { id: 'dtmi:x:Room;1', label: 'Room' },
      { id: 'dtmi:x:Sensor;1', label: 'dtmi:x:Sensor;1' },
    ]);
    state.clear();
    assert.equal(state.merge(graph('A', [node('A')], [])).nodes.length, 1, 'after clearing, drawn again');
    assert.equal(state.sizeText(), '1 twin, 0 relationships');
  });

  it('remembers expansions once each, and forgets them on new hops or another root', () => {
    const state = new TwinGraphState({ rootId: 'A' });
    state.expanded('B');
    state.expanded('C');
    state.expanded('B');
    assert.deepEqual(state.panel.expanded, ['B', 'C']);
    state.drawWith({ ...HOPS, depth: 2 });
    assert.deepEqual(state.panel.expanded, []);
    assert.equal(state.panel.hops?.depth, 2);
    state.expanded('B');
    state.reroot('B');
    assert.equal(state.panel.rootId, 'B');
    assert.deepEqual(state.panel.expanded, []);
  });

  it('chooses a known layout, the rings for anything else', () => {
    const state = new TwinGraphState(undefined);
    assert.equal(state.layout, 'concentric');
    assert.equal(state.chooseLayout('concentric'), false);
    assert.equal(state.chooseLayout('hierarchical'), true);
    assert.equal(state.layout, 'hierarchical');
    assert.equal(state.chooseLayout('__proto__'), true);
    assert.equal(state.layout, 'concentric');
  });

  it('keeps the depth between 1 and 5', () => {
    assert.equal(clampDepth('3'), 3);
    assert.equal(clampDepth('2.6'), 3);
    assert.equal(clampDepth('9'), 5);
    assert.equal(clampDepth('0'), 1);
    assert.equal(clampDepth('-4'), 1);
    assert.equal(clampDepth('two'), 1);
    assert.equal(clampDepth(''), 1);
  });

  it("finds drawn twins by name, id or model, and lists the selected twin's relationships first", () => {
    const state = new TwinGraphState(undefined);
    state.merge(
      graph(
        'A',
        [node('A', 'dtmi:x:Level;1', 'Level'), node('B'), node('C', 'dtmi:x:Sensor;1', 'CO2 Sensor')],
        [
          ['B', 'A'],
          ['C', 'B'],
        ],
      ),
    );
    assert.deepEqual(state.matches('b name'), ['B']);
    assert.deepEqual(state.matches('co2'), ['C']);
    assert.deepEqual(state.matches('ROOM'), ['B']);
    assert.deepEqual(state.matches(' '), []);
    assert.deepEqual(
      state.relationshipRows().map((e) => e.id),
      ['B-A', 'C-B'],
    );
    state.selectedId = 'C';
    assert.deepEqual(
      state.relationshipRows().map((e) => e.id),
      ['C-B', 'B-A'],
    );
  });
});
