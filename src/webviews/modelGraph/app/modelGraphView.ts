// The model graph panel's page: the toolbar (kinds, direction, depth, layout), model search, the cytoscape canvas
// (the twin graph's layouts, label rules and model colours), the selected model's summary (what it extends, its
// relationships and components with those it inherits) and a list of the drawn models for the keyboard and screen
// readers. Draws a ModelGraphState; no host messages (modelGraphActions.ts): what the user asks goes to events.
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-multi-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import * as l10n from '@vscode/l10n';
import cytoscape from 'cytoscape';
import {
  ANY_MODEL_ID,
  MAX_MODEL_GRAPH_DEPTH,
  MODEL_EDGE_KINDS,
  MODEL_GRAPH_DIRECTIONS,
  type FoundModel,
  type ModelEdgeKind,
  type ModelGraphDirection,
  type ModelMember,
  type ModelRef,
  type ModelSummary,
} from '../../../core/dtdl/modelGraphTypes';
import { append, clear, el } from '../../shared/app/dom';
import { StatusLine } from '../../shared/app/statusLine';
import { textField } from '../../shared/app/textField';
import { registerGraphLayouts, runGraphLayout, showAroundRoots } from '../../twinGraph/app/graphLayouts';
import { shortLabels } from '../../twinGraph/app/graphLabels';
import { graphColours, graphStyle, labelMeasure, RESIZE_SETTLE_MS } from '../../twinGraph/app/graphStyle';
import { modelColour } from '../../twinGraph/app/modelColors';
import { GRAPH_LAYOUTS, type GraphLayout } from '../../twinGraph/twinGraphProtocol';
import type { ModelGraphOptions } from '../modelGraphProtocol';
import { clampModelDepth, type ModelGraphState } from './modelGraphState';

/** What the page asks of its host side. */
export interface ModelGraphViewEvents {
  draw(options: ModelGraphOptions): void;
  search(text: string): void;
  select(id: string): void;
  reroot(ids: string[]): void;
  openModel(id: string): void;
  layoutChosen(name: string): void;
}

const LAYOUT_NAMES: Record<GraphLayout, string> = {
  concentric: l10n.t('Rings around the root'),
  hierarchical: l10n.t('Hierarchy (top-down)'),
  forceDirected: l10n.t('Force-directed'),
};
const DIRECTION_NAMES: Record<ModelGraphDirection, string> = {
  outgoing: l10n.t('What it extends, relates to, contains'),
  incoming: l10n.t('What extends, relates to, contains it'),
  both: l10n.t('Both'),
};
const KIND_NAMES: Record<ModelEdgeKind, string> = {
  extends: l10n.t('Extends'),
  relationship: l10n.t('Relationships'),
  component: l10n.t('Components'),
};
export class ModelGraphView {
  readonly status = new StatusLine();
  private readonly kindsSelect = el(
    'vscode-multi-select',
    { class: 'names', label: l10n.t('Links to follow') },
    ...MODEL_EDGE_KINDS.map((kind) => el('vscode-option', { value: kind }, KIND_NAMES[kind])),
  );
  private readonly directionSelect = el(
    'vscode-single-select',
    { class: 'direction', label: l10n.t('Direction') },
    ...MODEL_GRAPH_DIRECTIONS.map((value) => el('vscode-option', { value }, DIRECTION_NAMES[value])),
  );
  private readonly depthInput = textField(l10n.t('Depth (hops)'), {
    class: 'depth',
    type: 'number',
    min: 1,
    max: MAX_MODEL_GRAPH_DEPTH,
    value: 2,
  });
  private readonly layoutSelect = el(
    'vscode-single-select',
    { class: 'layout-choice', label: l10n.t('Layout') },
    ...GRAPH_LAYOUTS.map((value) => el('vscode-option', { value }, LAYOUT_NAMES[value])),
  );
  private readonly searchInput = textField(l10n.t('Find models by name or id'), {
    class: 'search',
    placeholder: l10n.t('Find a model…'),
  });
  private readonly found = el('ul', { class: 'node-list found', 'aria-label': l10n.t('Models found') });
  private readonly canvasHost = el('div', { class: 'graph', 'aria-hidden': 'true' });
  private readonly details = el('section', { class: 'details', 'aria-label': l10n.t('Selected model') });
  private readonly nodeList = el('ul', { class: 'node-list', 'aria-label': l10n.t('Models in the graph') });
  private readonly labelFits = labelMeasure();
  private readonly cy: cytoscape.Core;
  private resizeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly state: ModelGraphState,
    private readonly events: ModelGraphViewEvents,
  ) {
    const drawButton = el('vscode-button', {}, l10n.t('Draw'));
    const fitButton = el('vscode-button', { secondary: true }, l10n.t('Fit'));
    const wholeButton = el('vscode-button', { secondary: true }, l10n.t('All models'));
    const searchButton = el('vscode-button', { secondary: true }, l10n.t('Find'));
    document.body.append(
      el(
        'div',
        { class: 'toolbar' },
        el('label', { class: 'group' }, l10n.t('Links'), this.kindsSelect),
        el('label', { class: 'group' }, l10n.t('Direction'), this.directionSelect),
        el('label', { class: 'group' }, l10n.t('Depth'), this.depthInput),
        drawButton,
        el('label', { class: 'group' }, l10n.t('Layout'), this.layoutSelect),
        fitButton,
        wholeButton,
      ),
      el('div', { class: 'toolbar search-bar', role: 'search' }, this.searchInput, searchButton),
      this.status.element,
      el(
        'div',
        { class: 'layout' },
        this.canvasHost,
        el('div', { class: 'side' }, this.found, this.details, el('h3', {}, l10n.t('Models')), this.nodeList),
      ),
    );
    registerGraphLayouts();
    this.cy = cytoscape({ container: this.canvasHost, elements: [], wheelSensitivity: 0.3, minZoom: 0.05, maxZoom: 4 });
    this.applyStyle();
    this.cy.on('tap', 'node', (e) => events.select(e.target.id()));
    this.cy.on('dbltap', 'node', (e) => events.openModel(e.target.id()));
    drawButton.addEventListener('click', () => events.draw(this.readOptions()));
    fitButton.addEventListener('click', () => this.cy.fit(undefined, 30));
    wholeButton.addEventListener('click', () => events.reroot([]));
    const search = (): void => events.search(String(this.searchInput.value ?? ''));
    searchButton.addEventListener('click', search);
    this.searchInput.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') search();
    });
    this.layoutSelect.addEventListener('change', () => events.layoutChosen(this.layoutSelect.value));
    new ResizeObserver(() => this.onResize()).observe(this.canvasHost);
  }

  /** The options and layout to show in the toolbar. */
  showChoices(): void {
    const { options } = this.state;
    this.kindsSelect.value = options.kinds;
    this.directionSelect.value = options.direction;
    this.depthInput.value = String(options.depth);
    this.layoutSelect.value = this.state.layout;
  }

  /** Draws the state's graph: roots larger, missing models hollow, the "any model" node as a square. */
  draw(): void {
    const { state, cy } = this;
    const roots = new Set(state.graph.rootIds);
    const labels = shortLabels(new Map(state.graph.nodes.map((n) => [n.id, nodeLabel(n)])), (text) =>
      this.labelFits(text),
    );
    cy.elements().remove();
    cy.add([
      ...state.graph.nodes.map((n) => ({
        group: 'nodes' as const,
        data: {
          id: n.id,
          label: labels.get(n.id) ?? n.label,
          root: roots.has(n.id) ? 1 : 0,
          missing: n.missing ? 1 : 0,
          any: n.id === ANY_MODEL_ID ? 1 : 0,
          colour: modelColour(n.id),
        },
      })),
      ...state.graph.edges.map((e) => ({
        group: 'edges' as const,
        data: {
          id: e.id,
          source: e.source,
          target: e.target,
          kind: e.kind,
          label: e.kind === 'extends' ? '' : e.name,
          inherited: e.definedIn !== e.source ? 1 : 0,
        },
      })),
    ]);
    this.renderList();
    document.body.dataset.nodeCount = String(state.graph.nodes.length);
    document.body.dataset.rootIds = state.graph.rootIds.join(' ');
    this.layout();
  }

  /** Lays the graph out and shows the roots with their first ring, labels legible (the twin graph's rules). */
  layout(): void {
    const kind = this.state.layout;
    document.body.dataset.layout = kind;
    runGraphLayout(this.cy, kind, this.state.graph.rootIds);
    showAroundRoots(this.cy, this.state.graph.rootIds);
  }

  /** Marks the drawn models matching the search and lists the models of the whole set that match. */
  showFound(models: readonly FoundModel[], drawnMatches: readonly string[], text: string): void {
    const { cy, found, events } = this;
    cy.batch(() => {
      cy.nodes().data('match', 0);
      for (const id of drawnMatches) cy.getElementById(id).data('match', 1);
    });
    clear(found);
    if (!text.trim()) return;
    found.append(el('li', { class: 'muted' }, l10n.t('{0} found in the set; choose one to draw it', models.length)));
    for (const m of models) {
      const button = el('button', { type: 'button', class: 'link', title: m.id }, m.label);
      button.addEventListener('click', () => events.reroot([m.id]));
      found.append(el('li', {}, button));
    }
  }

  /** Selects a model on the canvas and in the list, and shows its summary (undefined: not in the set). */
  select(id: string, summary: ModelSummary | undefined): void {
    const { cy } = this;
    this.state.selectedId = id;
    cy.nodes().unselect();
    cy.getElementById(id).select();
    cy.edges().data('highlight', 0);
    cy.getElementById(id).connectedEdges().data('highlight', 1);
    for (const b of this.nodeList.querySelectorAll<HTMLElement>('button[data-id]'))
      b.setAttribute('aria-pressed', String(b.dataset.id === id));
    this.renderDetails(id, summary);
  }

  private renderDetails(id: string, summary: ModelSummary | undefined): void {
    const { details, events } = this;
    clear(details);
    const node = this.state.nodes.get(id);
    if (!summary) {
      details.append(
        el('h2', {}, node ? nodeLabel(node) : id),
        el(
          'p',
          { class: 'muted' },
          id === ANY_MODEL_ID
            ? l10n.t('A relationship without a target may point at a twin of any model.')
            : l10n.t('Named by another model, but not in this set.'),
        ),
      );
      return;
    }
    const open = el('vscode-button', {}, l10n.t('Open model'));
    open.addEventListener('click', () => events.openModel(id));
    const reroot = el('vscode-button', { secondary: true }, l10n.t('Make root'));
    reroot.addEventListener('click', () => events.reroot([id]));
    const ref = (r: ModelRef): HTMLElement => {
      if (r.missing) return el('span', { title: r.id }, r.label);
      const button = el('button', { type: 'button', class: 'link', title: r.id }, r.label);
      button.addEventListener('click', () => events.select(r.id));
      return button;
    };
    const member = (m: ModelMember): HTMLElement =>
      el(
        'li',
        {},
        el('code', {}, m.name),
        ' → ',
        m.target ? ref(m.target) : el('span', {}, l10n.t('any model')),
        m.definedIn.id === id ? null : el('span', { class: 'muted' }, ' ', l10n.t('(from {0})', m.definedIn.label)),
      );
    append(
      details,
      el('h2', {}, summary.model.label),
      el('p', { class: 'muted id' }, summary.model.id),
      summary.description ? el('p', {}, summary.description) : null,
      el('h3', {}, l10n.t('Extends')),
      summary.ancestors.length
        ? el('ol', { class: 'chain' }, ...summary.ancestors.map((a) => el('li', {}, ref(a))))
        : el('p', { class: 'muted' }, l10n.t('No model')),
      el('h3', {}, l10n.t('Relationships')),
      summary.relationships.length
        ? el('ul', { class: 'members' }, ...summary.relationships.map(member))
        : el('p', { class: 'muted' }, l10n.t('None')),
      summary.components.length ? el('h3', {}, l10n.t('Components')) : null,
      summary.components.length ? el('ul', { class: 'members' }, ...summary.components.map(member)) : null,
      el('p', { class: 'muted' }, l10n.t('Extended by {0} models', summary.childCount)),
      el('div', { class: 'toolbar' }, open, reroot),
    );
  }

  private renderList(): void {
    const { nodeList, events } = this;
    clear(nodeList);
    const roots = new Set(this.state.graph.rootIds);
    const sorted = [...this.state.graph.nodes].sort((a, b) => nodeLabel(a).localeCompare(nodeLabel(b)));
    for (const n of sorted) {
      const button = el(
        'button',
        {
          type: 'button',
          class: 'link',
          'data-id': n.id,
          title: n.id,
          'aria-pressed': String(n.id === this.state.selectedId),
        },
        nodeLabel(n),
      );
      button.addEventListener('click', () => events.select(n.id));
      button.addEventListener('keydown', (e) => {
        if (e.key === 'o') events.openModel(n.id);
      });
      nodeList.append(
        el('li', {}, button, roots.has(n.id) ? el('span', { class: 'muted' }, ` ${l10n.t('(root)')}`) : null),
      );
    }
  }

  applyStyle(): void {
    const colours = graphColours();
    this.cy.style(
      graphStyle(colours, {
        nodes: [
          {
            selector: 'node[missing = 1]',
            style: {
              'background-opacity': 0,
              'border-width': 2,
              'border-style': 'dashed',
              'border-color': colours.edge,
            },
          },
          { selector: 'node[any = 1]', style: { shape: 'round-rectangle', 'background-color': colours.edge } },
        ],
        edges: [
          // UML's marks: inheritance a hollow triangle, a component a filled diamond at its owner.
          {
            selector: 'edge[kind = "extends"]',
            style: { 'target-arrow-shape': 'triangle', 'target-arrow-fill': 'hollow' },
          },
          {
            selector: 'edge[kind = "component"]',
            style: {
              'source-arrow-shape': 'diamond',
              'source-arrow-color': colours.edge,
              'target-arrow-shape': 'none',
            },
          },
          { selector: 'edge[kind = "relationship"]', style: { 'line-style': 'dashed' } },
          { selector: 'edge[inherited = 1]', style: { 'line-style': 'dotted' } },
        ],
      }),
    );
  }

  private onResize(): void {
    clearTimeout(this.resizeTimer);
    this.resizeTimer = setTimeout(() => {
      this.cy.resize();
      showAroundRoots(this.cy, this.state.graph.rootIds);
    }, RESIZE_SETTLE_MS);
  }

  private readOptions(): ModelGraphOptions {
    const depth = clampModelDepth(String(this.depthInput.value));
    this.depthInput.value = String(depth);
    const kinds = [...this.kindsSelect.value].filter((k): k is ModelEdgeKind =>
      (MODEL_EDGE_KINDS as readonly string[]).includes(k),
    );
    return {
      depth,
      direction: this.directionSelect.value as ModelGraphDirection,
      kinds: kinds.length ? kinds : ['extends'],
    };
  }
}

/** A model's name as drawn; the "any model" node has none of its own. */
function nodeLabel(n: { id: string; label: string }): string {
  return n.id === ANY_MODEL_ID ? l10n.t('Any model') : n.label;
}
