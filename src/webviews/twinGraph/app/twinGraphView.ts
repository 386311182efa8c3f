// The twin graph panel's page: the toolbar (relationships, direction, depth, layout), the cytoscape canvas, the
// selected twin's details, the models' legend and a list of the twins that mirrors the canvas for the keyboard and
// screen readers. Draws a TwinGraphState; no host messages (twinGraphActions.ts): what the user asks goes to events.
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-multi-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import * as l10n from '@vscode/l10n';
import cytoscape from 'cytoscape';
import type { RelationshipDirection } from '../../../core/api/types';
import { clear, el } from '../../shared/app/dom';
import { StatusLine } from '../../shared/app/statusLine';
import { textField } from '../../shared/app/textField';
import { GRAPH_LAYOUTS, type GraphHopOptions, type GraphLayout } from '../twinGraphProtocol';
import { registerGraphLayouts, runGraphLayout, showAroundRoots } from './graphLayouts';
import { graphColours, graphStyle, labelMeasure, RESIZE_SETTLE_MS } from './graphStyle';
import { shortLabels } from './graphLabels';
import { modelMarks, type ModelMark } from './modelColors';
import { clampDepth, type GraphAddition, type TwinGraphState } from './twinGraphState';

/** What the page asks of its host side. */
export interface TwinGraphViewEvents {
  draw(hops: GraphHopOptions): void;
  expand(id: string): Promise<void>;
  reroot(id: string): void;
  openTwin(id: string): void;
  layoutChosen(name: string): void;
  exportJson(): void;
  exportPng(): void;
}

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
export class TwinGraphView {
  readonly status = new StatusLine();
  private readonly namesSelect = el('vscode-multi-select', {
    class: 'names',
    label: l10n.t('Relationship names (none selected = any)'),
    placeholder: l10n.t('any'),
  });
  private readonly directionSelect = el(
    'vscode-single-select',
    { label: l10n.t('Direction') },
    ...DIRECTIONS.map(([value, label]) => el('vscode-option', { value }, label)),
  );
  private readonly depthInput = textField(l10n.t('Depth (hops)'), {
    class: 'depth',
    type: 'number',
    min: 1,
    max: 5,
    value: 1,
  });
  private readonly layoutSelect = el(
    'vscode-single-select',
    { class: 'layout-choice', label: l10n.t('Layout') },
    ...GRAPH_LAYOUTS.map((value) => el('vscode-option', { value }, LAYOUT_NAMES[value])),
  );
  private readonly canvasHost = el('div', { class: 'graph', 'aria-hidden': 'true' });
  private readonly details = el('section', { class: 'details', 'aria-label': l10n.t('Selected twin') });
  private readonly legend = el('ul', { class: 'legend', 'aria-label': l10n.t('Models') });
  private readonly nodeList = el('ul', { class: 'node-list', 'aria-label': l10n.t('Twins in the graph') });
  private readonly searchInput = textField(l10n.t('Find twins in the graph by name, id or model'), {
    class: 'search',
    placeholder: l10n.t('Find in graph…'),
  });
  private readonly relationshipRows = el('tbody');
  /** How each drawn model is drawn (modelColors.ts: its colour, a shape when it shares it), again when one joins. */
  private marks = new Map<string, ModelMark>();
  /** Measures a node label in the font the canvas draws it with. */
  private readonly labelFits = labelMeasure();
  private readonly cy: cytoscape.Core;
  /** The twins the view was last centred on (the roots, or a twin expanded in place). */
  private focus: string[] = [];
  private resizeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly state: TwinGraphState,
    private readonly events: TwinGraphViewEvents,
  ) {
    const drawButton = el('vscode-button', {}, l10n.t('Draw'));
    const fitButton = el('vscode-button', { secondary: true }, l10n.t('Fit'));
    const jsonButton = el(
      'vscode-button',
      { secondary: true, title: l10n.t('Save the drawn twins and relationships for ADT Explorer') },
      l10n.t('Export JSON'),
    );
    const pngButton = el('vscode-button', { secondary: true }, l10n.t('Export PNG'));
    document.body.append(
      el(
        'div',
        { class: 'toolbar' },
        el('label', { class: 'group' }, l10n.t('Relationships'), this.namesSelect),
        el('label', { class: 'group' }, l10n.t('Direction'), this.directionSelect),
        el('label', { class: 'group' }, l10n.t('Depth'), this.depthInput),
        drawButton,
        el('label', { class: 'group' }, l10n.t('Layout'), this.layoutSelect),
        fitButton,
      ),
      el('div', { class: 'toolbar', role: 'search' }, this.searchInput, jsonButton, pngButton),
      this.status.element,
      el(
        'div',
        { class: 'layout' },
        this.canvasHost,
        el(
          'div',
          { class: 'side' },
          this.details,
          el('h3', {}, l10n.t('Models')),
          this.legend,
          el('h3', {}, l10n.t('Twins')),
          this.nodeList,
          el('h3', {}, l10n.t('Relationships')),
          el(
            'table',
            { class: 'relationships' },
            el(
              'thead',
              {},
              el(
                'tr',
                {},
                el('th', {}, l10n.t('Source')),
                el('th', {}, l10n.t('Name')),
                el('th', {}, l10n.t('Target')),
              ),
            ),
            this.relationshipRows,
          ),
        ),
      ),
    );
    registerGraphLayouts();
    this.cy = cytoscape({
      container: this.canvasHost,
      elements: [],
      wheelSensitivity: 0.3,
      minZoom: 0.1,
      maxZoom: 4,
    });
    this.applyStyle();
    this.cy.on('tap', 'node', (e) => this.select(e.target.id()));
    this.cy.on('dbltap', 'node', (e) => events.openTwin(e.target.id()));
    drawButton.addEventListener('click', () => events.draw(this.readHops()));
    fitButton.addEventListener('click', () => this.cy.fit(undefined, 30));
    jsonButton.addEventListener('click', () => events.exportJson());
    pngButton.addEventListener('click', () => events.exportPng());
    this.searchInput.addEventListener('input', () => this.highlight());
    this.searchInput.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') this.showFirstMatch();
    });
    this.layoutSelect.addEventListener('change', () => events.layoutChosen(this.layoutSelect.value));
    new ResizeObserver(() => this.onResize()).observe(this.canvasHost);
  }

  /** The relationship names the host offers, and the hops and layout to show in the toolbar. */
  showChoices(relationshipNames: readonly string[]): void {
    this.namesSelect.append(...relationshipNames.map((name) => el('vscode-option', { value: name }, name)));
    const hops = this.state.panel.hops;
    if (hops) {
      this.namesSelect.value = hops.relationshipNames;
      this.directionSelect.value = hops.direction;
      this.depthInput.value = String(hops.depth);
    }
    this.layoutSelect.value = this.state.layout;
  }

  /** Removes every twin and relationship from the canvas. */
  clearGraph(): void {
    this.cy.elements().remove();
  }

  /**
   * Draws what a merge added and lists the twins and models again; every twin's colour (by model) and drawn label
   * (short enough to draw whole, telling apart twins named after another) are worked out again for the whole graph.
   */
  add(added: GraphAddition): void {
    const { state, cy } = this;
    const rootId = state.panel.rootId;
    cy.add([
      ...added.nodes.map((n) => ({ group: 'nodes' as const, data: { id: n.id, root: n.id === rootId ? 1 : 0 } })),
      ...added.edges.map((e) => ({
        group: 'edges' as const,
        data: { id: e.id, source: e.source, target: e.target, label: e.name },
      })),
    ]);
    this.marks = modelMarks(state.models().map((m) => m.id));
    const labels = shortLabels(new Map([...state.nodes].map(([id, n]) => [id, n.label])), (text) =>
      this.labelFits(text),
    );
    cy.batch(() => {
      for (const [id, n] of state.nodes)
        cy.getElementById(id).data({ label: labels.get(id) ?? n.label, ...this.marks.get(n.modelId) });
    });
    this.renderLists();
    this.renderRelationships();
    this.highlight();
    document.body.dataset.nodeCount = String(this.state.nodes.size);
    document.body.dataset.rootId = rootId;
  }

  /**
   * Lays the graph out in the chosen layout and shows `focus` (the roots unless given) with its first ring, labels
   * legible; "Fit" shows the whole graph.
   */
  layout(focus?: string): void {
    const kind = this.state.layout;
    document.body.dataset.layout = kind;
    const roots = this.state.roots();
    runGraphLayout(this.cy, kind, roots);
    this.focus = focus ? [focus] : roots;
    showAroundRoots(this.cy, this.focus);
  }

  select(id: string): void {
    const { cy } = this;
    this.state.selectedId = id;
    cy.nodes().unselect();
    cy.getElementById(id).select();
    cy.edges().data('highlight', 0);
    cy.getElementById(id).connectedEdges().data('highlight', 1);
    for (const li of this.nodeList.querySelectorAll<HTMLElement>('button[data-id]'))
      li.setAttribute('aria-pressed', String(li.dataset.id === id));
    this.renderDetails();
    this.renderRelationships();
  }

  /** The canvas as a PNG data URL: the whole graph on the theme's background, at twice the screen's scale. */
  png(): string {
    return this.cy.png({ output: 'base64uri', full: true, bg: graphColours().bg, scale: 2 });
  }

  /** Marks the twins matching the search text on the canvas and in the list; says how many match. */
  private highlight(): string[] {
    const text = String(this.searchInput.value ?? '');
    const matches = this.state.matches(text);
    const wanted = new Set(matches);
    this.cy.batch(() => {
      for (const n of this.cy.nodes()) n.data('match', wanted.has(n.id()) ? 1 : 0);
    });
    for (const b of this.nodeList.querySelectorAll<HTMLElement>('button[data-id]'))
      b.classList.toggle('match', wanted.has(b.dataset.id ?? ''));
    document.body.dataset.matchCount = String(matches.length);
    if (text.trim())
      this.status.set(l10n.t('{0} of {1} twins match "{2}"', matches.length, this.state.nodes.size, text.trim()));
    return matches;
  }

  /** Selects the first twin matching the search and brings it into view. */
  private showFirstMatch(): void {
    const [first] = this.highlight();
    if (!first) return;
    this.select(first);
    this.cy.center(this.cy.getElementById(first));
  }

  /** The drawn relationships as a table, the selected twin's first (marked); a twin's name selects it. */
  private renderRelationships(): void {
    const { relationshipRows, state } = this;
    clear(relationshipRows);
    const twin = (id: string): HTMLElement => {
      const button = el('button', { type: 'button', class: 'link', title: id }, state.nodes.get(id)?.label ?? id);
      button.addEventListener('click', () => this.select(id));
      return button;
    };
    for (const e of state.relationshipRows()) {
      const own = e.source === state.selectedId || e.target === state.selectedId;
      relationshipRows.append(
        el(
          'tr',
          { class: own ? 'own' : undefined },
          el('td', {}, twin(e.source)),
          el('td', {}, e.name),
          el('td', {}, twin(e.target)),
        ),
      );
    }
  }

  applyStyle(): void {
    this.cy.style(graphStyle(graphColours(), { node: { shape: 'data(shape)' } }));
  }

  /** A narrower or wider panel: the canvas takes its new size and shows the focus with its first ring again. */
  private onResize(): void {
    clearTimeout(this.resizeTimer);
    this.resizeTimer = setTimeout(() => {
      this.cy.resize();
      if (this.focus.length) showAroundRoots(this.cy, this.focus);
    }, RESIZE_SETTLE_MS);
  }

  private readHops(): GraphHopOptions {
    const depth = clampDepth(this.depthInput.value);
    this.depthInput.value = String(depth);
    return {
      relationshipNames: [...this.namesSelect.value],
      direction: this.directionSelect.value as RelationshipDirection,
      depth,
    };
  }

  private renderDetails(): void {
    const { details, events } = this;
    clear(details);
    const n = this.state.selectedId ? this.state.nodes.get(this.state.selectedId) : undefined;
    if (!n) return;
    const open = el('vscode-button', {}, l10n.t('Open twin'));
    open.addEventListener('click', () => events.openTwin(n.id));
    const grow = el('vscode-button', { secondary: true }, l10n.t('Expand here'));
    grow.addEventListener('click', () => void events.expand(n.id));
    const reroot = el('vscode-button', { secondary: true }, l10n.t('Make root'));
    reroot.addEventListener('click', () => events.reroot(n.id));
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

  private renderLists(): void {
    const { legend, nodeList, events } = this;
    clear(legend);
    for (const model of this.state.models()) {
      const mark = this.marks.get(model.id);
      const swatch = el('span', { class: `swatch ${mark?.shape ?? ''}` });
      swatch.style.background = mark?.colour ?? '';
      legend.append(el('li', { title: model.id }, swatch, model.label));
    }
    clear(nodeList);
    const rootId = this.state.panel.rootId;
    for (const n of this.state.nodes.values()) {
      const button = el(
        'button',
        { type: 'button', class: 'link', 'data-id': n.id, 'aria-pressed': String(n.id === this.state.selectedId) },
        n.label,
      );
      button.addEventListener('click', () => this.select(n.id));
      button.addEventListener('keydown', (e) => {
        if (e.key === 'o') events.openTwin(n.id);
        if (e.key === 'e') void events.expand(n.id);
      });
      nodeList.append(
        el('li', {}, button, n.id === rootId ? el('span', { class: 'muted' }, ` ${l10n.t('(root)')}`) : null),
      );
    }
  }
}
