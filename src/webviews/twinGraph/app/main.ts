// Twin graph panel app: cytoscape drawing of POST /twins/graph results, nodes coloured by model,
// expand in place, open a twin; a node list mirrors the canvas for keyboard and screen readers.
import '../../shared/app/installL10n';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-multi-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import * as l10n from '@vscode/l10n';
import cytoscape from 'cytoscape';
import '../../shared/app/base.css';
import './style.css';
import type { RelationshipDirection } from '../../../core/api/types';
import { countNoun } from '../../../shared/countNoun';
import {
  GRAPH_LAYOUTS,
  type GraphData,
  type GraphHopOptions,
  type GraphLayout,
  type GraphNode,
  type TwinGraphMethods,
  type TwinGraphPanelState,
} from '../twinGraphProtocol';
import { registerGraphLayouts, runGraphLayout, showAroundRoots } from './graphLayouts';
import { NODE_LABEL_PX } from './graphView';
import { ModelColors } from './modelColors';
import { HostBridge } from '../../shared/app/hostBridge';
import { textField } from '../../shared/app/textField';
import { errorMessage, StatusLine } from '../../shared/app/statusLine';
import { clear, el, onThemeChange, themeColor } from '../../shared/app/dom';

const LAYOUT_NAMES: Record<GraphLayout, string> = {
  concentric: l10n.t('Rings around the root'),
  hierarchical: l10n.t('Hierarchy (top-down)'),
  forceDirected: l10n.t('Force-directed'),
};
const DIRECTIONS: Array<[RelationshipDirection, string]> = [
  ['IncomingOrOutgoing', l10n.t('Incoming or outgoing')],
  ['Outgoing', l10n.t('Outgoing')],
  ['Incoming', l10n.t('Incoming')],
];
/** Cytoscape draws each element's own `label` (a twin's name, a relationship's name): a mapping, not text. */
const LABEL_FROM_DATA = 'data(label)';
const bridge = new HostBridge<TwinGraphMethods>();
const state: TwinGraphPanelState = { rootId: '', ...(bridge.getState<TwinGraphPanelState>() ?? {}) };
const nodes = new Map<string, GraphNode>();
const modelColors = new ModelColors();
let selectedId: string | undefined;

const namesSelect = el('vscode-multi-select', {
  class: 'names',
  label: l10n.t('Relationship names (none selected = any)'),
  placeholder: l10n.t('any'),
});
const directionSelect = el(
  'vscode-single-select',
  { label: l10n.t('Direction') },
  ...DIRECTIONS.map(([value, label]) => el('vscode-option', { value }, label)),
);
const depthInput = textField(l10n.t('Depth (hops)'), { class: 'depth', type: 'number', min: 1, max: 5, value: 1 });
const layoutSelect = el(
  'vscode-single-select',
  { class: 'layout-choice', label: l10n.t('Layout') },
  ...GRAPH_LAYOUTS.map((value) => el('vscode-option', { value }, LAYOUT_NAMES[value])),
);
const drawButton = el('vscode-button', {}, l10n.t('Draw'));
const fitButton = el('vscode-button', { secondary: true }, l10n.t('Fit'));
const status = new StatusLine();
const canvasHost = el('div', { class: 'graph', 'aria-hidden': 'true' });
const details = el('section', { class: 'details', 'aria-label': l10n.t('Selected twin') });
const legend = el('ul', { class: 'legend', 'aria-label': l10n.t('Models') });
const nodeList = el('ul', { class: 'node-list', 'aria-label': l10n.t('Twins in the graph') });

document.body.append(
  el(
    'div',
    { class: 'toolbar' },
    el('label', { class: 'group' }, l10n.t('Relationships'), namesSelect),
    el('label', { class: 'group' }, l10n.t('Direction'), directionSelect),
    el('label', { class: 'group' }, l10n.t('Depth'), depthInput),
    drawButton,
    el('label', { class: 'group' }, l10n.t('Layout'), layoutSelect),
    fitButton,
  ),
  status.element,
  el(
    'div',
    { class: 'layout' },
    canvasHost,
    el(
      'div',
      { class: 'side' },
      details,
      el('h3', {}, l10n.t('Models')),
      legend,
      el('h3', {}, l10n.t('Twins')),
      nodeList,
    ),
  ),
);

registerGraphLayouts();
const cy = cytoscape({ container: canvasHost, elements: [], wheelSensitivity: 0.3, minZoom: 0.1, maxZoom: 4 });
applyStyle();
onThemeChange(applyStyle);
cy.on('tap', 'node', (e) => select(e.target.id()));
cy.on('dbltap', 'node', (e) => void status.run(bridge.request('openTwin', { twinId: e.target.id() })));
drawButton.addEventListener('click', () => {
  state.hops = readHops();
  state.expanded = [];
  void draw();
});
fitButton.addEventListener('click', () => cy.fit(undefined, 30));
layoutSelect.addEventListener('change', () => {
  const chosen = (GRAPH_LAYOUTS as readonly string[]).includes(layoutSelect.value)
    ? (layoutSelect.value as GraphLayout)
    : 'concentric';
  if (chosen === state.layout) return;
  state.layout = chosen;
  bridge.setState(state);
  layout();
});

void start();

async function start(): Promise<void> {
  try {
    const init = await bridge.request('init', {});
    state.connection = init.connection;
    state.rootId = init.rootId;
    state.otherRootIds ??= init.otherRootIds;
    state.hops ??= init.hops;
    namesSelect.append(...init.relationshipNames.map((name) => el('vscode-option', { value: name }, name)));
    writeHops(state.hops);
    layoutSelect.value = state.layout ?? 'concentric';
    await draw();
  } catch (error) {
    status.set(l10n.t('Could not open the graph: {0}', errorMessage(error)), true);
  }
}

async function draw(): Promise<void> {
  bridge.setState(state);
  status.set(l10n.t('Loading graph around {0}…', state.rootId));
  document.body.dataset.state = 'loading';
  try {
    const data = await bridge.request('graph', { rootId: state.rootId, hops: state.hops! });
    cy.elements().remove();
    nodes.clear();
    merge(data);
    for (const id of state.otherRootIds ?? []) merge(await bridge.request('graph', { rootId: id, hops: state.hops! }));
    // Replay in-place expansions (after a reload).
    for (const id of state.expanded ?? [])
      if (nodes.has(id)) merge(await bridge.request('graph', { rootId: id, hops: state.hops! }));
    layout();
    select(state.rootId);
    status.set(nodes.size === 1 ? l10n.t('No related twins for these hops; only the root is shown.') : graphSize());
    document.body.dataset.state = 'ready';
  } catch (error) {
    status.set(l10n.t('Could not load the graph: {0}', errorMessage(error)), true);
    document.body.dataset.state = 'error';
  }
}

/** "12 twins, 14 relationships": what the graph shows now. */
function graphSize(): string {
  const twins = countNoun(nodes.size, l10n.t('{0} twin'), l10n.t('{0} twins'));
  const relationships = countNoun(cy.edges().length, l10n.t('{0} relationship'), l10n.t('{0} relationships'));
  return l10n.t({
    message: '{0}, {1}',
    args: [twins, relationships],
    comment: ['{0} counts the twins of the graph, {1} its relationships'],
  });
}

async function expand(id: string): Promise<void> {
  status.set(l10n.t('Expanding {0}…', id));
  try {
    const before = nodes.size;
    merge(await bridge.request('graph', { rootId: id, hops: state.hops! }));
    state.expanded = [...new Set([...(state.expanded ?? []), id])];
    bridge.setState(state);
    layout(id);
    const added = countNoun(nodes.size - before, l10n.t('{0} new twin'), l10n.t('{0} new twins'));
    status.set(
      l10n.t({
        message: '{0} from {1}; {2} in total',
        args: [added, id, nodes.size],
        comment: ['{0} is "3 new twins", {1} the id of the twin expanded, {2} how many twins the graph shows'],
      }),
    );
  } catch (error) {
    status.set(l10n.t('Could not expand {0}: {1}', id, errorMessage(error)), true);
  }
}

function merge(data: GraphData): void {
  const added: cytoscape.ElementDefinition[] = [];
  for (const n of data.nodes) {
    if (nodes.has(n.id)) continue;
    nodes.set(n.id, n);
    added.push({
      group: 'nodes',
      data: { id: n.id, label: n.label, color: modelColor(n.modelId), root: n.id === state.rootId ? 1 : 0 },
    });
  }
  for (const e of data.edges) {
    if (cy.getElementById(e.id).nonempty() || added.some((a) => a.data.id === e.id)) continue;
    added.push({ group: 'edges', data: { id: e.id, source: e.source, target: e.target, label: e.name } });
  }
  cy.add(added);
  renderLists();
  document.body.dataset.nodeCount = String(nodes.size);
  document.body.dataset.rootId = state.rootId;
}

/**
 * Lays the graph out in the chosen layout (rings around the root unless another was chosen) and shows `focus` (the
 * roots unless given) with its first ring, labels legible; "Fit" shows the whole graph.
 */
function layout(focus?: string): void {
  const kind = state.layout ?? 'concentric';
  document.body.dataset.layout = kind;
  const roots = [state.rootId, ...(state.otherRootIds ?? [])];
  runGraphLayout(cy, kind, roots);
  showAroundRoots(cy, focus ? [focus] : roots);
}

function select(id: string): void {
  selectedId = id;
  cy.nodes().unselect();
  cy.getElementById(id).select();
  cy.edges().data('highlight', 0);
  cy.getElementById(id).connectedEdges().data('highlight', 1);
  for (const li of nodeList.querySelectorAll<HTMLElement>('button[data-id]'))
    li.setAttribute('aria-pressed', String(li.dataset.id === id));
  renderDetails();
}

function renderDetails(): void {
  clear(details);
  const n = selectedId ? nodes.get(selectedId) : undefined;
  if (!n) return;
  const open = el('vscode-button', {}, l10n.t('Open twin'));
  open.addEventListener('click', () => void status.run(bridge.request('openTwin', { twinId: n.id })));
  const grow = el('vscode-button', { secondary: true }, l10n.t('Expand here'));
  grow.addEventListener('click', () => void expand(n.id));
  const reroot = el('vscode-button', { secondary: true }, l10n.t('Make root'));
  reroot.addEventListener('click', () => {
    state.rootId = n.id;
    state.expanded = [];
    void draw();
  });
  details.append(
    el('h2', {}, n.label),
    el(
      'dl',
      {},
      el('dt', {}, l10n.t('Id')),
      el('dd', {}, n.id),
      el('dt', {}, l10n.t('Model')),
      el('dd', { title: n.modelId }, n.modelLabel || n.modelId),
    ),
    el('div', { class: 'toolbar' }, open, grow, reroot),
  );
}

function renderLists(): void {
  clear(legend);
  const models = new Map<string, string>();
  for (const n of nodes.values()) models.set(n.modelId, n.modelLabel || n.modelId);
  for (const [id, label] of models) {
    const swatch = el('span', { class: 'swatch' });
    swatch.style.background = modelColor(id);
    legend.append(el('li', { title: id }, swatch, label));
  }
  clear(nodeList);
  for (const n of nodes.values()) {
    const button = el(
      'button',
      { type: 'button', class: 'link', 'data-id': n.id, 'aria-pressed': String(n.id === selectedId) },
      n.label,
    );
    button.addEventListener('click', () => select(n.id));
    button.addEventListener('keydown', (e) => {
      if (e.key === 'o') void status.run(bridge.request('openTwin', { twinId: n.id }));
      if (e.key === 'e') void expand(n.id);
    });
    nodeList.append(
      el('li', {}, button, n.id === state.rootId ? el('span', { class: 'muted' }, ` ${l10n.t('(root)')}`) : null),
    );
  }
}

function readHops(): GraphHopOptions {
  const depth = Math.min(5, Math.max(1, Math.round(Number(depthInput.value) || 1)));
  depthInput.value = String(depth);
  return {
    relationshipNames: [...namesSelect.value],
    direction: directionSelect.value as RelationshipDirection,
    depth,
  };
}

function writeHops(hops: GraphHopOptions | undefined): void {
  if (!hops) return;
  namesSelect.value = hops.relationshipNames;
  directionSelect.value = hops.direction;
  depthInput.value = String(hops.depth);
}

function applyStyle(): void {
  const fg = themeColor('--vscode-foreground', '#cccccc');
  const bg = themeColor('--vscode-editor-background', '#1e1e1e');
  const edge = themeColor('--vscode-descriptionForeground', '#999999');
  const focus = themeColor('--vscode-focusBorder', '#007fd4');
  cy.style([
    {
      selector: 'node',
      style: {
        'background-color': 'data(color)',
        label: LABEL_FROM_DATA,
        color: fg,
        'font-size': NODE_LABEL_PX,
        'text-valign': 'bottom',
        'text-margin-y': 4,
        'text-outline-color': bg,
        'text-outline-width': 2,
        'text-wrap': 'ellipsis',
        'text-max-width': '110px',
        'min-zoomed-font-size': 7,
        width: 22,
        height: 22,
      },
    },
    { selector: 'node[root = 1]', style: { width: 32, height: 32, 'border-width': 3, 'border-color': fg } },
    { selector: 'node:selected', style: { 'border-width': 3, 'border-color': focus } },
    {
      selector: 'edge',
      style: {
        width: 1.5,
        'line-color': edge,
        'target-arrow-color': edge,
        'target-arrow-shape': 'triangle',
        'curve-style': 'bezier',
        label: LABEL_FROM_DATA,
        'font-size': 9,
        color: edge,
        'text-rotation': 'autorotate',
        'text-outline-color': bg,
        'text-outline-width': 2,
        'min-zoomed-font-size': 11,
      },
    },
    // The relationship names of the selected twin stay readable at any zoom.
    {
      selector: 'edge[highlight = 1]',
      style: { 'min-zoomed-font-size': 0, 'line-color': focus, 'target-arrow-color': focus, 'z-index': 10 },
    },
  ] as cytoscape.StylesheetJson);
}

/** A colour per model, distinct from the others of the graph (see the legend). */
function modelColor(modelId: string): string {
  return modelColors.of(modelId);
}
