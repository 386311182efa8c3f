import * as assert from 'node:assert/strict';
import cytoscape from 'cytoscape';
import { registerGraphLayouts, runGraphLayout } from '../../../src/webviews/twinGraph/app/graphLayouts';
import {
  busiestView,
  COLUMN_GAP,
  MAX_OPENING_ZOOM,
  MAX_ROW_NODES,
  NODE_LABEL_PX,
  openingZoom,
  panIntoView,
  READABLE_LABEL_PX,
  packRows,
  WRAPPED_ROW_GAP,
} from '../../../src/webviews/twinGraph/app/graphView';

/** The rows of a laid-out graph: y → x of its twins, top row first. */
function rows(positions: Iterable<{ x: number; y: number }>): number[][] {
  const byY = new Map<number, number[]>();
  for (const p of positions) byY.set(Math.round(p.y), [...(byY.get(Math.round(p.y)) ?? []), p.x]);
  return [...byY].sort((a, b) => a[0] - b[0]).map(([, xs]) => xs.sort((a, b) => a - b));
}

const width = (xs: number[]): number => xs[xs.length - 1] - xs[0];

describe('twin graph geometry', () => {
  it('wraps a layer of 12 twins into rows of at most 6, centred, and moves the layers below down', () => {
    const placed = [
      { id: 'AHU', x: 616, y: 0 },
      ...Array.from({ length: 12 }, (_, i) => ({ id: `VAV${i}`, x: i * 112, y: 100 })),
      { id: 'ZONE', x: 600, y: 200 },
    ];
    const wrapped = packRows(placed);
    assert.deepEqual(wrapped.get('AHU'), { x: 616, y: 0 }, 'a row of one keeps its place');
    const layers = rows(wrapped.values());
    assert.equal(layers.length, 4, 'the AHU, two rows of VAV boxes, the zone');
    assert.deepEqual(
      layers.map((r) => r.length),
      [1, 6, 6, 1],
    );
    for (const row of layers.slice(1, 3)) {
      assert.equal(width(row), (MAX_ROW_NODES - 1) * COLUMN_GAP);
      assert.equal((row[0] + row[row.length - 1]) / 2, 616, 'centred where the layer was');
    }
    assert.equal(wrapped.get('VAV0')!.y, 100);
    assert.equal(wrapped.get('VAV6')!.y, 100 + WRAPPED_ROW_GAP);
    assert.equal(wrapped.get('ZONE')!.y, 200 + WRAPPED_ROW_GAP, 'the layer below moved down by the added row');
    const vav = (i: number): { x: number; y: number } => wrapped.get(`VAV${i}`)!;
    for (let i = 1; i < 12; i++) {
      if (i % MAX_ROW_NODES) assert.ok(vav(i).y === vav(i - 1).y && vav(i).x > vav(i - 1).x, 'the order is kept');
      else assert.ok(vav(i).y > vav(i - 1).y, 'the next row starts with the next twin');
    }
  });

  it('packs a narrow row at the column gap, centred where its layer was', () => {
    const placed = [
      { id: 'a', x: 0, y: 0 },
      { id: 'b', x: -400, y: 80 },
      { id: 'c', x: 400, y: 80 },
    ];
    assert.deepEqual(
      [...packRows(placed).entries()],
      [
        ['a', { x: 0, y: 0 }],
        ['b', { x: -COLUMN_GAP / 2, y: 80 }],
        ['c', { x: COLUMN_GAP / 2, y: 80 }],
      ],
    );
  });

  it("keeps a VAV box's first ring next to it at two hops, however far dagre spread their layers", () => {
    // Where dagre put a VAV box's graph at two hops (the sample building, rounded): its air handler and level
    // 1,600 px apart above it, its zone at the end of a wrapped layer of 18, its sensors 1,100 px wide below it.
    const placed = [
      { id: 'CH', x: 1085, y: 22 },
      { id: 'BLD', x: 2436, y: 22 },
      { id: 'AHU', x: 1254, y: 145 },
      { id: 'L03', x: 2852, y: 145 },
      ...Array.from({ length: 17 }, (_, i) => ({ id: `other${i}`, x: 1481 + (i % 6) * 130, y: 268 })),
      { id: 'ZN1', x: 2300, y: 268 },
      { id: 'VAV1', x: 2152, y: 606 },
      ...[1902, 2419, 2718, 3029].map((x, i) => ({ id: `sensor${i}`, x, y: 735 })),
    ];
    const ring = new Set(['VAV1', 'AHU', 'L03', 'ZN1', 'sensor0', 'sensor1', 'sensor2', 'sensor3']);
    const packed = packRows(placed, ring, 2152);
    const x = (id: string): number => packed.get(id)!.x;
    assert.equal(x('VAV1'), 2152, 'the root stays where it was');
    assert.deepEqual([x('AHU'), x('L03')], [2152 - COLUMN_GAP / 2, 2152 + COLUMN_GAP / 2], 'air handler and level');
    assert.equal(x('ZN1'), 2152, 'the zone, at the end of its wrapped row');
    assert.deepEqual(
      [0, 1, 2, 3].map((i) => x(`sensor${i}`)),
      [-1.5, -0.5, 0.5, 1.5].map((c) => 2152 + c * COLUMN_GAP),
      'the sensors, in their order',
    );
    for (const id of ring)
      assert.ok(Math.abs(x(id) - 2152) <= 1.5 * COLUMN_GAP, `${id} within two columns of the root`);
    assert.deepEqual([x('CH'), x('BLD')], [2152 - COLUMN_GAP / 2, 2152 + COLUMN_GAP / 2], 'rows without the ring too');
    assert.equal(packed.get('VAV1')!.y, 606 + 2 * WRAPPED_ROW_GAP, 'moved down by the two added rows above');
  });

  it('opens on the part of a first ring too tall for the view that holds most of it, with the root', () => {
    // An air handler: three twins far above it, eight VAV boxes below it; a 400 × 300 view holds one side, and
    // is centred on the twins it holds.
    const above = [-50, 0, 50].map((x) => ({ x, y: -250 }));
    const boxes = Array.from({ length: 8 }, (_, i) => ({ x: -150 + i * 50, y: 200 }));
    assert.deepEqual(busiestView([...above, { x: 0, y: 0 }, ...boxes], 400, 300), { x: 25, y: 100 });
    // The three above win when they are more.
    assert.deepEqual(busiestView([...above, { x: 0, y: 0 }, boxes[0]!, boxes[1]!], 400, 300).y, -125);
    // Too many twins to try windows for: their middle.
    const many = Array.from({ length: 200 }, (_, i) => ({ x: i, y: i % 7 }));
    assert.deepEqual(busiestView(many, 50, 50), { x: 99.5, y: 3 });
  });

  it('lays an air handler feeding 12 VAV boxes out as a hierarchy of bounded rows', () => {
    registerGraphLayouts();
    const elements: cytoscape.ElementDefinition[] = [{ group: 'nodes', data: { id: 'AHU', label: 'Air handler' } }];
    for (let i = 1; i <= 12; i++) {
      elements.push({ group: 'nodes', data: { id: `VAV${i}`, label: `Level 1 VAV ${i}` } });
      elements.push({ group: 'edges', data: { id: `e${i}`, source: `VAV${i}`, target: 'AHU', label: 'isFedBy' } });
    }
    const cy = cytoscape({ headless: true, styleEnabled: true, elements });
    cy.nodes().style({ width: 22, height: 22 });
    runGraphLayout(cy, 'hierarchical', ['AHU']);
    const layers = rows(cy.nodes().map((n) => n.position()));
    assert.ok(layers.length >= 3, `the VAV boxes wrap onto several rows: ${JSON.stringify(layers)}`);
    for (const row of layers) {
      assert.ok(row.length <= MAX_ROW_NODES, `a row of ${row.length} twins`);
      assert.ok(width(row) <= (MAX_ROW_NODES - 1) * COLUMN_GAP + 1, `a row ${width(row)} wide`);
    }
    const ahu = cy.getElementById('AHU').position().y;
    assert.ok(
      cy
        .nodes()
        .filter((n) => n.id() !== 'AHU')
        .every((n) => (n as cytoscape.NodeSingular).position().y > ahu),
      'the air handler stays above what it feeds',
    );
    cy.destroy();
  });

  it('opens at the zoom fitting the first ring, never with labels below the readable size, never huge', () => {
    const readable = READABLE_LABEL_PX / NODE_LABEL_PX;
    assert.equal(openingZoom(0.95), 0.95);
    assert.equal(openingZoom(0.2), readable, 'a first ring too wide to fit: labels stay readable');
    assert.ok(openingZoom(0.2) * NODE_LABEL_PX >= READABLE_LABEL_PX);
    assert.equal(openingZoom(4), MAX_OPENING_ZOOM, 'a root alone is not blown up');
    assert.equal(openingZoom(Number.NaN), 1);
  });
  it('moves the view just enough to keep the root in view, and not at all when it is', () => {
    const view = { width: 500, height: 400 };
    const at = (x1: number, y1: number) => ({ x1, y1, x2: x1 + 20, y2: y1 + 20 });
    assert.deepEqual(panIntoView(at(200, 150), view.width, view.height, 30), { x: 0, y: 0 });
    assert.deepEqual(panIntoView(at(490, 150), view.width, view.height, 30), { x: -40, y: 0 }, 'off the right edge');
    assert.deepEqual(panIntoView(at(-100, 395), view.width, view.height, 30), { x: 130, y: -45 }, 'left and below');
    assert.deepEqual(
      panIntoView({ x1: 50, y1: 50, x2: 900, y2: 60 }, view.width, view.height, 30),
      { x: -20, y: 0 },
      'wider than the view: its left end stays in view',
    );
  });
});
