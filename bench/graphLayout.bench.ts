// Twin graph layouts: time to lay out a building's graph of 100 and 500 twins in each layout of the panel
// (rings around the root, hierarchy top-down with cytoscape-dagre, force-directed with cytoscape-fcose), run by
// cytoscape headless in Node with the panel's own options (src/webviews/twinGraph/app/graphLayouts.ts). The browser
// adds drawing on top; this is the layout's share. Ratio line first.
// Run after `npx tsc -p tsconfig.test.json`: node out/bench/graphLayout.bench.js
import cytoscape from 'cytoscape';
import { registerGraphLayouts, runGraphLayout } from '../src/webviews/twinGraph/app/graphLayouts';
import { GRAPH_LAYOUTS, type GraphLayout } from '../src/webviews/twinGraph/twinGraphProtocol';
import { machineLoad, median, ratio, size } from './benchStats';

const RUNS = size(Number(process.env.BENCH_RUNS ?? 5), 1);
const GRAPH_SIZES = size([100, 500], [20, 50]);

/** A building of `size` twins: levels, rooms on each level, equipment in rooms, a capability per equipment, plus serves edges. */
function buildingElements(size: number): cytoscape.ElementDefinition[] {
  const elements: cytoscape.ElementDefinition[] = [];
  const node = (id: string): void => void elements.push({ group: 'nodes', data: { id, label: id } });
  const edge = (source: string, name: string, target: string): void =>
    void elements.push({ group: 'edges', data: { id: `${source}-${name}-${target}`, source, target, label: name } });
  node('B');
  let count = 1;
  const levels = Math.max(2, Math.round(size / 50));
  const rooms: string[] = [];
  for (let l = 0; l < levels && count < size; l++, count++) {
    node(`L${l}`);
    edge(`L${l}`, 'isPartOf', 'B');
  }
  for (let r = 0; count < size * 0.5; r++, count++) {
    const room = `R${r}`;
    node(room);
    edge(room, 'isPartOf', `L${r % levels}`);
    rooms.push(room);
  }
  for (let e = 0; count < size; e++) {
    const equipment = `E${e}`;
    node(equipment);
    edge(equipment, 'locatedIn', rooms[e % rooms.length]);
    count++;
    if (count < size) {
      node(`C${e}`);
      edge(`C${e}`, 'isCapabilityOf', equipment);
      count++;
    }
    if (e > 0 && e % 3 === 0) edge(equipment, 'serves', rooms[(e * 7) % rooms.length]);
  }
  return elements;
}

function layoutMs(size: number, kind: GraphLayout): number {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const cy = cytoscape({ headless: true, styleEnabled: true, elements: buildingElements(size) });
    cy.nodes().style({ width: 18, height: 18 });
    const started = performance.now();
    runGraphLayout(cy, kind, ['B']);
    times.push(performance.now() - started);
    cy.destroy();
  }
  return median(times);
}

function main(): void {
  registerGraphLayouts();
  const results = new Map<string, number>();
  for (const twins of GRAPH_SIZES)
    for (const kind of GRAPH_LAYOUTS) results.set(`${kind}@${twins}`, layoutMs(twins, kind));
  const largest = GRAPH_SIZES[GRAPH_SIZES.length - 1]!;
  const atLargest = (kind: GraphLayout): number => results.get(`${kind}@${largest}`)!;
  console.log(
    `ratio (${largest} twins, vs rings around the root): hierarchy ${ratio(atLargest('hierarchical'), atLargest('concentric'))}, force-directed ${ratio(atLargest('forceDirected'), atLargest('concentric'))}`,
  );
  console.log(`graph layout, median of ${RUNS} runs, cytoscape headless in Node (${machineLoad()})`);
  for (const twins of GRAPH_SIZES) {
    for (const kind of GRAPH_LAYOUTS)
      console.log(
        `  ${String(twins).padStart(3)} twins  ${kind.padEnd(14)} ${results.get(`${kind}@${twins}`)!.toFixed(1).padStart(8)} ms`,
      );
  }
}

main();
