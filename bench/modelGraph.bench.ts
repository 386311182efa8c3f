// Model graph benchmark on the Willow ontology (3,700 interfaces, read from ../shared/ontology/willow, never
// copied): indexing the edges both ways (src/core/dtdl/modelGraph.ts), the whole ontology as one graph (every kind,
// from the top models down, uncapped), the panel's opening graph of the whole set (capped at 500 models), a VAV
// box's graph two hops both ways, and laying out the capped graph in the panel's hierarchy (cytoscape-dagre,
// headless); next to indexing the parsed models themselves (ModelIndex), side by side. Ratio line first.
// Run: npm run bench -- modelGraph
import * as path from 'node:path';
import cytoscape from 'cytoscape';
import { readDtdlFolder } from '../src/core/dtdl/dtdlFolder';
import { ModelGraphIndex } from '../src/core/dtdl/modelGraph';
import { MAX_MODEL_GRAPH_DEPTH, MODEL_EDGE_KINDS } from '../src/core/dtdl/modelGraphTypes';
import { ModelIndex } from '../src/core/dtdl/modelIndex';
import { registerGraphLayouts, runGraphLayout } from '../src/webviews/twinGraph/app/graphLayouts';
import { machineLoad, median, ratio, size } from './benchStats';

const repoRoot = path.resolve(__dirname, '..', '..');
const ontology = path.resolve(repoRoot, '../shared/ontology/willow/Ontology');
const RUNS = size(7, 1);

function timed(fn: () => unknown): number {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  return median(times);
}

async function main(): Promise<void> {
  const { documents, warnings } = await readDtdlFolder(ontology);
  const models = ModelIndex.fromDocuments(documents, warnings);
  const graphs = new ModelGraphIndex(models);
  const kinds = MODEL_EDGE_KINDS;
  const whole = graphs.build({
    rootIds: [],
    depth: MAX_MODEL_GRAPH_DEPTH,
    direction: 'incoming',
    kinds,
    maxNodes: Infinity,
  });
  const opening = graphs.build({ rootIds: [], depth: 2, direction: 'incoming', kinds });
  const ms = {
    modelIndex: timed(() => ModelIndex.fromDocuments(documents, warnings)),
    graphIndex: timed(() => new ModelGraphIndex(models)),
    whole: timed(() =>
      graphs.build({ rootIds: [], depth: MAX_MODEL_GRAPH_DEPTH, direction: 'incoming', kinds, maxNodes: Infinity }),
    ),
    opening: timed(() => graphs.build({ rootIds: [], depth: 2, direction: 'incoming', kinds })),
    vav: timed(() => graphs.build({ rootIds: ['dtmi:com:willowinc:VAVBox;1'], depth: 2, direction: 'both', kinds })),
  };
  registerGraphLayouts();
  const layout = timed(() => {
    const cy = cytoscape({
      headless: true,
      styleEnabled: true,
      elements: [
        ...opening.nodes.map((n) => ({ group: 'nodes' as const, data: { id: n.id, label: n.label } })),
        ...opening.edges.map((e) => ({
          group: 'edges' as const,
          data: { id: e.id, source: e.source, target: e.target },
        })),
      ],
    });
    cy.nodes().style({ width: 18, height: 18 });
    runGraphLayout(cy, 'hierarchical', opening.rootIds);
    cy.destroy();
  });
  console.log(
    `ratio (vs indexing the parsed models): edge index ${ratio(ms.graphIndex, ms.modelIndex)}, whole ontology graph ${ratio(ms.whole, ms.modelIndex)}, layout of the opening graph ${ratio(layout, ms.modelIndex)}`,
  );
  console.log(`model graph on Willow (${models.size} models), median of ${RUNS} runs (${machineLoad()})`);
  const row = (label: string, value: number, extra = ''): void =>
    console.log(`  ${label.padEnd(58)} ${value.toFixed(1).padStart(8)} ms ${extra}`);
  row('ModelIndex of the parsed files', ms.modelIndex);
  row('edge index, both ways (new ModelGraphIndex)', ms.graphIndex);
  row('whole ontology, every kind, uncapped', ms.whole, `(${whole.nodes.length} models, ${whole.edges.length} edges)`);
  row(
    'opening graph of the whole set (depth 2, capped)',
    ms.opening,
    `(${opening.nodes.length} models${opening.truncated ? ', cut' : ''})`,
  );
  row('a VAV box, two hops both ways', ms.vav);
  row('hierarchy layout of the opening graph (cytoscape-dagre)', layout);
}

void main();
