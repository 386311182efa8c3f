// The twin graph's layouts: rings around the root (cytoscape's concentric), layers top-down (cytoscape-dagre: a
// building above its levels above their rooms, since isPartOf / locatedIn / isCapabilityOf point up the hierarchy)
// and force-directed (cytoscape-fcose). Shared by the panel and the layout benchmark, which runs them headless.
import cytoscape from 'cytoscape';
import dagre from 'cytoscape-dagre';
import fcose from 'cytoscape-fcose';
import type { GraphLayout } from '../twinGraphProtocol';
import { busiestView, NODE_LABEL_PX, openingZoom, packRows, panIntoView } from './graphView';

/** Registers the layout extensions with cytoscape (once: cytoscape knows which it has). */
export function registerGraphLayouts(): void {
  if (!cytoscape('layout', 'dagre')) cytoscape.use(dagre);
  if (!cytoscape('layout', 'fcose')) cytoscape.use(fcose);
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
function graphLayoutOptions(
  cy: cytoscape.Core,
  kind: GraphLayout,
  rootIds: readonly string[],
): cytoscape.LayoutOptions {
  // Labels take room too (no label drawn over another); the view is set after the layout (showAroundRoots).
  const common = { animate: false, fit: false, padding: 30, nodeDimensionsIncludeLabels: true };
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
        // Labels hang below their nodes, beside each other on a ring: counted, the first ring would not fit the
        // opening view at a legible zoom.
        nodeDimensionsIncludeLabels: false,
      } as cytoscape.LayoutOptions;
    }
  }
}

/** The roots drawn in the graph, and they with their first ring (the twins one relationship away). */
function rootsAndRing(
  cy: cytoscape.Core,
  rootIds: readonly string[],
): { roots: cytoscape.NodeCollection; ring: cytoscape.NodeCollection } {
  const wanted = new Set(rootIds);
  const roots = cy.nodes().filter((n) => wanted.has(n.id()));
  return { roots, ring: roots.closedNeighborhood().nodes() };
}

/**
 * Lays the graph out in `kind`. A hierarchy keeps the layers and the order within each that dagre chose, its rows
 * packed around the roots (graphView.ts packRows): dagre spreads a layer to sit over the children of each twin in it,
 * which at two hops put a VAV box's air handler and level 1,600 px apart.
 */
export function runGraphLayout(cy: cytoscape.Core, kind: GraphLayout, rootIds: readonly string[]): void {
  cy.layout(graphLayoutOptions(cy, kind, rootIds)).run();
  if (kind !== 'hierarchical') return;
  const { roots, ring } = rootsAndRing(cy, rootIds);
  const focus = new Set(ring.map((n) => n.id()));
  const anchorX = roots.nonempty()
    ? roots.map((n) => n.position().x).reduce((a, b) => a + b) / roots.length
    : undefined;
  const packed = packRows(
    cy.nodes().map((n) => ({ id: n.id(), ...n.position() })),
    focus,
    anchorX,
  );
  cy.nodes().positions((n) => packed.get(n.id()) ?? n.position());
}

/**
 * The view a graph opens with: the roots and their first ring fitted, at a zoom where labels stay legible
 * (graphView.ts openingZoom); when the ring does not fit at that zoom, the view shows as much of the ring as it can
 * (busiestView) and is moved just enough to keep the roots in view.
 */
export function showAroundRoots(cy: cytoscape.Core, rootIds: readonly string[], padding = 30): void {
  const { roots, ring } = rootsAndRing(cy, rootIds);
  const focus = roots.nonempty() ? ring : cy.nodes();
  if (focus.empty()) return;
  cy.fit(focus, padding);
  const zoom = openingZoom(cy.zoom(), NODE_LABEL_PX);
  if (zoom === cy.zoom()) return;
  cy.zoom(zoom);
  const inner = (size: number): number => Math.max(0, size - 2 * padding) / zoom;
  const centre = busiestView(
    focus.map((n) => n.position()),
    inner(cy.width()),
    inner(cy.height()),
  );
  cy.pan({ x: cy.width() / 2 - centre.x * zoom, y: cy.height() / 2 - centre.y * zoom });
  if (roots.nonempty()) cy.panBy(panIntoView(roots.renderedBoundingBox({}), cy.width(), cy.height(), padding));
}
