// The twin graph's layouts: rings around the root (cytoscape's concentric), layers top-down (cytoscape-dagre: a
// building above its levels above their rooms, since isPartOf / locatedIn / isCapabilityOf point up the hierarchy)
// and force-directed (cytoscape-fcose). Shared by the panel and the layout benchmark, which runs them headless.
import cytoscape from 'cytoscape';
import dagre from 'cytoscape-dagre';
import fcose from 'cytoscape-fcose';
import type { GraphLayout } from '../twinGraphProtocol';

let registered = false;

/** Registers the layout extensions with cytoscape (once). */
export function registerGraphLayouts(): void {
  if (registered) return;
  cytoscape.use(dagre);
  cytoscape.use(fcose);
  registered = true;
}

/** Hop distance of every node from the roots, ignoring edge direction. */
function hopDepths(cy: cytoscape.Core, rootIds: readonly string[]): Map<string, number> {
  const depth = new Map<string, number>();
  const wanted = new Set(rootIds);
  const roots = cy.nodes().filter((n) => wanted.has(n.id()));
  if (roots.empty()) return depth;
  cy.elements().breadthFirstSearch({ roots, directed: false, visit: (v, _e, _u, _i, d) => void depth.set(v.id(), d) });
  return depth;
}

/** The options that lay out the graph in `kind`. */
export function graphLayoutOptions(
  cy: cytoscape.Core,
  kind: GraphLayout,
  rootIds: readonly string[],
): cytoscape.LayoutOptions {
  const common = { animate: false, fit: true, padding: 30 };
  switch (kind) {
    case 'hierarchical':
      // Edges point from part to whole (room isPartOf level): ranked bottom-to-top, the whole sits on top.
      return {
        name: 'dagre',
        rankDir: 'BT',
        nodeSep: 90,
        rankSep: 80,
        edgeSep: 10,
        ...common,
      } as cytoscape.LayoutOptions;
    case 'forceDirected':
      return {
        name: 'fcose',
        quality: 'default',
        randomize: true,
        nodeSeparation: 110,
        idealEdgeLength: 120,
        nodeRepulsion: 6000,
        ...common,
      } as cytoscape.LayoutOptions;
    case 'concentric': {
      const depth = hopDepths(cy, rootIds);
      return {
        name: 'concentric',
        concentric: (n: cytoscape.NodeSingular) => 100 - (depth.get(n.id()) ?? 99),
        levelWidth: () => 1,
        minNodeSpacing: 70,
        ...common,
      } as cytoscape.LayoutOptions;
    }
  }
}
