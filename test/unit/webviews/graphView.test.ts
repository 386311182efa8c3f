import * as assert from 'node:assert/strict';
import cytoscape from 'cytoscape';
import { registerGraphLayouts, runGraphLayout } from '../../../src/webviews/twinGraph/app/graphLayouts';
import {
  COLUMN_GAP,
  MAX_OPENING_ZOOM,
  MAX_ROW_NODES,
  NODE_LABEL_PX,
  openingZoom,
  panIntoView,
  READABLE_LABEL_PX,
  wrapRows,
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
    const wrapped = wrapRows(placed);
    assert.deepEqual(wrapped.get('AHU'), { x: 616, y: 0 }, 'a row within the limit keeps its place');
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

  it('leaves a layered layout with no wide row as it is', () => {
    const placed = [
      { id: 'a', x: 0, y: 0 },
      { id: 'b', x: -50, y: 80 },
      { id: 'c', x: 50, y: 80 },
    ];
    assert.deepEqual(
      [...wrapRows(placed).entries()],
      [
        ['a', { x: 0, y: 0 }],
        ['b', { x: -50, y: 80 }],
        ['c', { x: 50, y: 80 }],
      ],
    );
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
