// Insights panel app: root insights with nested children, paging by roots, sort, filters, search,
// and a detail pane with every field.
import '../../shared/app/installL10n';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import * as l10n from '@vscode/l10n';
import '../../shared/app/base.css';
import './style.css';
import {
  COLLECTION_OPERATORS,
  INSIGHT_FILTER_OPERATORS,
  VALUELESS_OPERATORS,
  type FilterOperator,
} from '../../../core/api/filterVocabulary';
import { INSIGHT_STATUS_SORT_ORDER, INSIGHT_TYPE_CODES, shownInsightStatus } from '../../../core/api/insightStatus';
import type { FilterSpecification, Insight } from '../../../core/api/types';
import { countNoun } from '../../../shared/countNoun';
import {
  upgradeSavedQuery,
  type InsightRow,
  type InsightsMethods,
  type InsightsPanelState,
  type InsightsQuery,
} from '../insightsProtocol';
import { HostBridge } from '../../shared/app/hostBridge';
import { textField } from '../../shared/app/textField';
import { errorMessage, StatusLine } from '../../shared/app/statusLine';
import { append, clear, el } from '../../shared/app/dom';
import { matchRanges, splitByMatches } from './findMatches';
import { impactScoreRows } from './impactScoreRows';

const COLUMNS: Array<{
  field: keyof Insight & string;
  label: string;
  value: (i: Insight) => string;
  sortNote?: string;
}> = [
  { field: 'name', label: l10n.t('Name'), value: (i) => text(i.name) || i.id },
  { field: 'twinName', label: l10n.t('Twin'), value: (i) => text(i.twinName) || text(i.twinId) },
  {
    field: 'type',
    label: l10n.t('Type'),
    value: (i) => text(i.type),
    sortNote: l10n.t(
      'The service sorts types by the code it stores them under ({0}), not alphabetically',
      codeOrder(INSIGHT_TYPE_CODES),
    ),
  },
  { field: 'priority', label: l10n.t('Priority'), value: (i) => text(i.priority) },
  // The stored status the service filters and sorts by is the current one, `lastStatus`.
  // It sorts by the code each status is stored under, not by the word.
  {
    field: 'status',
    label: l10n.t('Status'),
    value: (i) => shownInsightStatus(i),
    sortNote: l10n.t(
      'The service sorts statuses by the code it stores them under ({0}), not alphabetically',
      INSIGHT_STATUS_SORT_ORDER.join(', '),
    ),
  },
  { field: 'occurrenceCount', label: l10n.t('Occurrences'), value: (i) => text(i.occurrenceCount) },
  {
    field: 'updatedDate',
    label: l10n.t('Updated'),
    value: (i) =>
      text(i.updatedDate)
        .replace('T', ' ')
        .replace(/\.\d+Z$|Z$/, ''),
  },
];
/** Enum words in the order of their codes. */
function codeOrder(codes: Readonly<Record<string, number>>): string {
  return Object.keys(codes)
    .sort((a, b) => codes[a] - codes[b])
    .join(', ');
}
const FILTER_FIELDS = [
  'status',
  'type',
  'priority',
  'twinId',
  'ruleName',
  'name',
  'occurrenceCount',
  'createdDate',
  'updatedDate',
];
/** Only operators a real instance can run on insights (`startsWith`, `endsWith` and `notcontains` fail there). */
const OPERATORS = INSIGHT_FILTER_OPERATORS;
const PAGE_SIZES = [10, 25, 50, 100];
/** The sort box's "no sort" choice (the select needs a non-empty value). */
const SERVICE_ORDER = '-';
/** Column widths (px) a drag or the arrow keys can set. */
const MIN_COLUMN_WIDTH = 48;
const MAX_COLUMN_WIDTH = 2000;
const KEYBOARD_RESIZE_STEP = 16;

const bridge = new HostBridge<InsightsMethods>();
const saved = bridge.getState<InsightsPanelState>() ?? {};
const state: InsightsPanelState = {
  ...saved,
  query: upgradeSavedQuery({ page: 1, pageSize: 10, filters: [], ...(saved.query ?? {}) }),
};
const query = (): InsightsQuery => state.query!;
const expanded = new Set<string>();
let rows: InsightRow[] = [];
let total = 0;
let loadGeneration = 0;

const scopeLine = el('div', { class: 'muted' });
const findBox = textField(l10n.t('Find in the loaded rows'), {
  type: 'search',
  class: 'find',
  placeholder: l10n.t('Find in panel…'),
});
const findCount = el('span', { class: 'muted find-count', 'aria-live': 'polite' });
const searchBox = textField(l10n.t('Search insight names'), {
  type: 'search',
  class: 'search',
  placeholder: l10n.t('Search names…'),
});
const sortField = singleSelect(l10n.t('Sort by'), [
  [SERVICE_ORDER, l10n.t('Service order')],
  ...COLUMNS.map((c): [string, string] => [c.field, c.label]),
]);
const sortDirection = el('vscode-button', { secondary: true, 'aria-label': l10n.t('Sort direction') });
const filterField = singleSelect(
  l10n.t('Filter field'),
  FILTER_FIELDS.map((f): [string, string] => [f, f]),
);
const filterOperator = singleSelect(
  l10n.t('Filter operator'),
  OPERATORS.map((o): [string, string] => [o, o]),
);
filterOperator.classList.add('operator');
const filterValue = textField(l10n.t('Filter value'), { class: 'filter-value', placeholder: l10n.t('value') });
const addFilter = el('vscode-button', { secondary: true }, l10n.t('Add filter'));
const filterChips = el('div', { class: 'chips', 'aria-label': l10n.t('Active filters') });
const status = new StatusLine();
const tbody = el('tbody');
const headRow = el('tr', {}, el('th', { class: 'toggle-col' }, el('span', { class: 'sr-only' }, l10n.t('Expand'))));
const table = el(
  'table',
  { class: 'insights', role: 'treegrid', 'aria-label': l10n.t('Insights') },
  el('thead', {}, headRow),
  tbody,
);
const detail = el('aside', { class: 'detail', 'aria-label': l10n.t('Insight details') });
const pager = el('nav', { class: 'pager', 'aria-label': l10n.t('Pages') });
const saveRequestButton = el(
  'vscode-button',
  {
    secondary: true,
    id: 'save-request',
    title: l10n.t('Write the request that lists these insights into a request file'),
  },
  l10n.t('Save as Request'),
);
const pageSize = singleSelect(
  l10n.t('Roots per page'),
  PAGE_SIZES.map((n): [string, string] => [String(n), l10n.t('{0} per page', n)]),
);

for (const c of COLUMNS) {
  // The title shows the whole label when a narrowed column cuts it off.
  const button = el(
    'button',
    { type: 'button', class: 'sort', 'data-field': c.field, title: c.sortNote ? `${c.label}: ${c.sortNote}` : c.label },
    c.label,
  );
  button.addEventListener('click', () => {
    const q = query();
    q.sort = { field: c.field, sort: q.sort?.field === c.field && q.sort.sort === 'asc' ? 'desc' : 'asc' };
    q.page = 1;
    void load();
  });
  const th = el('th', { scope: 'col', 'data-field': c.field }, button, columnResizer(c.field, c.label));
  const width = savedColumnWidth(c.field);
  if (width) th.style.width = `${width}px`;
  headRow.append(th);
}

function savedColumnWidth(field: string): number | undefined {
  const width = state.columnWidths && Object.hasOwn(state.columnWidths, field) ? state.columnWidths[field] : undefined;
  return typeof width === 'number' && Number.isFinite(width)
    ? Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width))
    : undefined;
}

/** A drag handle (and, focused, ← →) on a header's right edge; the width is remembered in the webview state. */
function columnResizer(field: string, label: string): HTMLElement {
  const handle = el('span', {
    class: 'col-resizer',
    role: 'separator',
    tabindex: 0,
    'aria-orientation': 'vertical',
    'aria-label': l10n.t('Resize column {0}', label),
  });
  const setWidth = (th: HTMLElement, width: number) => {
    const clamped = Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));
    th.style.width = `${clamped}px`;
    state.columnWidths = { ...(state.columnWidths ?? {}), [field]: clamped };
    handle.setAttribute('aria-valuenow', String(clamped));
  };
  handle.addEventListener('pointerdown', (e) => {
    const th = handle.parentElement!;
    const startX = e.clientX;
    const startWidth = th.getBoundingClientRect().width;
    handle.setPointerCapture(e.pointerId);
    e.preventDefault();
    const move = (m: PointerEvent) => setWidth(th, startWidth + m.clientX - startX);
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      bridge.setState(state);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
  });
  handle.addEventListener('click', (e) => e.stopPropagation());
  handle.addEventListener('keydown', (e) => {
    const step = e.key === 'ArrowRight' ? KEYBOARD_RESIZE_STEP : e.key === 'ArrowLeft' ? -KEYBOARD_RESIZE_STEP : 0;
    if (!step) return;
    e.preventDefault();
    const th = handle.parentElement!;
    setWidth(th, th.getBoundingClientRect().width + step);
    bridge.setState(state);
  });
  return handle;
}

document.body.append(
  el(
    'div',
    { class: 'toolbar' },
    searchBox,
    el('div', { class: 'group', role: 'search' }, findBox, findCount),
    el('div', { class: 'group' }, sortField, sortDirection),
    el(
      'div',
      { class: 'group', role: 'group', 'aria-label': l10n.t('New filter') },
      filterField,
      filterOperator,
      filterValue,
      addFilter,
    ),
    pageSize,
    saveRequestButton,
  ),
  scopeLine,
  filterChips,
  status.element,
  el('div', { class: 'layout' }, el('div', { class: 'table-wrap' }, table, pager), detail),
);

saveRequestButton.addEventListener('click', () => {
  void (async () => {
    try {
      const saved = await bridge.request('saveAsRequest', query());
      status.set(l10n.t('Saved as request "{0}" in {1}', saved.name, saved.file));
    } catch (error) {
      status.set(l10n.t('Save as request failed: {0}', errorMessage(error)), true);
    }
  })();
});

let searchTimer: ReturnType<typeof setTimeout> | undefined;
searchBox.addEventListener('input', () => {
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => {
    query().search = searchBox.value.trim() || undefined;
    query().page = 1;
    void load();
  }, 300);
});
sortField.addEventListener('change', () => {
  query().sort =
    sortField.value !== SERVICE_ORDER ? { field: sortField.value, sort: query().sort?.sort ?? 'asc' } : undefined;
  query().page = 1;
  void load();
});
sortDirection.addEventListener('click', () => {
  if (!query().sort) return;
  query().sort!.sort = query().sort!.sort === 'desc' ? 'asc' : 'desc';
  void load();
});
addFilter.addEventListener('click', () => {
  const operator = filterOperator.value as FilterOperator;
  const raw = filterValue.value.trim();
  if (VALUELESS_OPERATORS.includes(operator)) {
    query().filters.push({ field: filterField.value, operator });
  } else if (!raw) {
    status.set(l10n.t('Enter a filter value first'), true);
    return;
  } else {
    const value = COLLECTION_OPERATORS.includes(operator)
      ? raw
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : /^-?\d+(\.\d+)?$/.test(raw)
        ? Number(raw)
        : raw;
    query().filters.push({ field: filterField.value, operator, value });
  }
  query().page = 1;
  filterValue.value = '';
  void load();
});
filterValue.addEventListener('keydown', (e) => {
  if (e.key === 'Enter') addFilter.click();
});
pageSize.addEventListener('change', () => {
  query().pageSize = Number(pageSize.value);
  query().page = 1;
  void load();
});
tbody.addEventListener('keydown', onRowKey);
findBox.addEventListener('input', applyFind);

void start();

async function start(): Promise<void> {
  try {
    const init = await bridge.request('init', {});
    state.connection = init.connection;
    state.scopeTwinId = init.scopeTwinId;
    state.scopeLabel = init.scopeLabel;
    scopeLine.textContent = init.scopeTwinId
      ? l10n.t('Insights of {0} and the twins under it', init.scopeLabel)
      : l10n.t('Insights of {0}', init.scopeLabel);
    if (init.focusInsightId && !saved.selectedId) state.selectedId = init.focusInsightId;
    searchBox.value = query().search ?? '';
    await load();
    if (state.selectedId) await showDetail(state.selectedId);
  } catch (error) {
    status.set(l10n.t('Could not open insights: {0}', errorMessage(error)), true);
  }
}

async function load(): Promise<void> {
  const generation = ++loadGeneration;
  syncControls();
  bridge.setState(state);
  status.set(l10n.t('Loading…'));
  document.body.dataset.state = 'loading';
  try {
    const page = await bridge.request('list', query());
    if (generation !== loadGeneration) return;
    rows = page.rows;
    total = page.total;
    renderRows();
    renderPager(page.page, page.pageSize);
    const children = rows.reduce((n, r) => n + r.children.length, 0);
    status.set(total === 0 ? l10n.t('No insights match.') : pageSummary(children));
    document.body.dataset.state = 'ready';
  } catch (error) {
    if (generation !== loadGeneration) return;
    rows = [];
    renderRows();
    status.set(l10n.t('Could not load insights: {0}', errorMessage(error)), true);
    document.body.dataset.state = 'error';
  }
}

/** "10 of 42 root insights on this page, 7 children". */
function pageSummary(children: number): string {
  const roots = countNoun(total, l10n.t('{0} root insight'), l10n.t('{0} root insights'));
  return l10n.t({
    message: '{0} of {1} on this page, {2}',
    args: [rows.length, roots, childrenText(children)],
    comment: ['{1} is "42 root insights", {2} "7 children"'],
  });
}

function childrenText(count: number): string {
  return countNoun(count, l10n.t('{0} child'), l10n.t('{0} children'));
}

/** The accessible name of a root's expand/collapse button. */
function toggleLabel(open: boolean, children: number): string {
  return open ? l10n.t('Collapse {0}', childrenText(children)) : l10n.t('Expand {0}', childrenText(children));
}

/** Root rows of the page; child rows are built the first time their root is expanded. */
const rendered = new Map<string, { tr: HTMLTableRowElement; row: InsightRow; childRows?: HTMLTableRowElement[] }>();

function renderRows(): void {
  const fragment = document.createDocumentFragment();
  rendered.clear();
  for (const row of rows) {
    const tr = rowElement(row.root, 1, row.children.length, false);
    rendered.set(row.root.id, { tr, row });
    fragment.append(tr);
  }
  clear(tbody);
  tbody.append(fragment);
  for (const row of rows) if (expanded.has(row.root.id)) setExpanded(row.root.id, true);
  const first = tbody.querySelector('tr');
  if (first) first.tabIndex = 0;
  applyFind();
}

/**
 * Find in panel: over the loaded rows only (no request). Rows without a match are hidden, a root stays when one of its
 * children matches (and opens to show it), matches are highlighted and counted.
 */
function applyFind(): void {
  const needle = findBox.value.trim();
  let matches = 0;
  let matchedRows = 0;
  const rowMatches = (tr: HTMLTableRowElement): boolean => {
    let n = 0;
    for (const td of tr.querySelectorAll<HTMLElement>('td[data-field]')) {
      const cellText = td.textContent ?? '';
      clear(td);
      for (const piece of splitByMatches(cellText, needle))
        append(td, piece.match ? el('mark', {}, piece.text) : piece.text);
      n += matchRanges(cellText, needle).length;
    }
    matches += n;
    if (n) matchedRows++;
    return n > 0;
  };
  for (const row of rows) {
    const childMatch =
      needle !== '' && row.children.some((c) => COLUMNS.some((col) => matchRanges(col.value(c), needle).length > 0));
    if (childMatch) setExpanded(row.root.id, true);
    const entry = rendered.get(row.root.id);
    if (!entry) continue;
    const rootMatch = rowMatches(entry.tr);
    entry.tr.classList.toggle('find-miss', needle !== '' && !rootMatch && !childMatch);
    for (const tr of entry.childRows ?? []) tr.classList.toggle('find-miss', !rowMatches(tr) && needle !== '');
  }
  const loadedRows = rows.reduce((n, r) => n + 1 + r.children.length, 0);
  findCount.textContent = needle
    ? l10n.t({
        message: '{0} in {1} of {2} loaded rows',
        args: [countNoun(matches, l10n.t('{0} match'), l10n.t('{0} matches')), matchedRows, loadedRows],
        comment: ['{0} is "3 matches"'],
      })
    : '';
  document.body.dataset.findMatches = String(matches);
}

function rowElement(insight: Insight, level: number, childCount: number, open: boolean): HTMLTableRowElement {
  const tr = el('tr', {
    tabindex: -1,
    'data-id': insight.id,
    'aria-level': level,
    'aria-selected': String(state.selectedId === insight.id),
    class: level === 1 ? 'root' : 'child',
  });
  if (childCount) tr.setAttribute('aria-expanded', String(open));
  const toggle = el('td', { class: 'toggle-col' });
  if (childCount) {
    const button = el(
      'button',
      { type: 'button', class: 'toggle', tabindex: -1, 'aria-label': toggleLabel(open, childCount) },
      open ? '▾' : '▸',
    );
    button.addEventListener('click', (e) => {
      e.stopPropagation();
      setExpanded(insight.id, !expanded.has(insight.id));
    });
    toggle.append(button, el('span', { class: 'count' }, String(childCount)));
  }
  // The title shows a value its column cuts off with an ellipsis.
  tr.append(
    toggle,
    ...COLUMNS.map((c) => el('td', { 'data-field': c.field, title: c.value(insight) }, c.value(insight))),
  );
  tr.addEventListener('click', () => void select(insight.id));
  return tr;
}

function setExpanded(id: string, open: boolean): void {
  const entry = rendered.get(id);
  if (!entry || !entry.row.children.length) return;
  if (open) expanded.add(id);
  else expanded.delete(id);
  entry.tr.setAttribute('aria-expanded', String(open));
  const toggle = entry.tr.querySelector('button.toggle');
  if (toggle) {
    toggle.textContent = open ? '▾' : '▸';
    toggle.setAttribute('aria-label', toggleLabel(open, entry.row.children.length));
  }
  if (open && !entry.childRows) {
    entry.childRows = entry.row.children.map((child) => {
      const tr = rowElement(child, 2, 0, false);
      tr.dataset.parent = id;
      return tr;
    });
    entry.tr.after(...entry.childRows);
  }
  for (const tr of entry.childRows ?? []) tr.hidden = !open;
}

function onRowKey(e: KeyboardEvent): void {
  const tr = (e.target as HTMLElement).closest('tr');
  if (!tr) return;
  const id = tr.dataset.id!;
  const visible = [...tbody.querySelectorAll<HTMLTableRowElement>('tr')].filter(
    (r) => !r.hidden && !r.classList.contains('find-miss'),
  );
  const at = visible.indexOf(tr);
  const focus = (r: HTMLTableRowElement | undefined) => {
    if (!r) return;
    for (const other of visible) other.tabIndex = -1;
    r.tabIndex = 0;
    r.focus();
  };
  switch (e.key) {
    case 'ArrowDown':
      focus(visible[at + 1]);
      break;
    case 'ArrowUp':
      focus(visible[at - 1]);
      break;
    case 'ArrowRight':
      setExpanded(id, true);
      break;
    case 'ArrowLeft':
      if (tr.dataset.parent)
        focus(tbody.querySelector<HTMLTableRowElement>(`tr[data-id="${CSS.escape(tr.dataset.parent)}"]`) ?? undefined);
      else setExpanded(id, false);
      break;
    case 'Enter':
    case ' ':
      void select(id);
      break;
    default:
      return;
  }
  e.preventDefault();
}

async function select(id: string): Promise<void> {
  state.selectedId = id;
  bridge.setState(state);
  for (const tr of tbody.querySelectorAll('tr'))
    tr.setAttribute('aria-selected', String((tr as HTMLElement).dataset.id === id));
  await showDetail(id);
}

async function showDetail(id: string): Promise<void> {
  const known = rows.flatMap((r) => [r.root, ...r.children]).find((i) => i.id === id);
  let insight = known;
  if (!insight) {
    try {
      insight = await bridge.request('insight', { id });
    } catch (error) {
      clear(detail);
      detail.append(
        el('p', { class: 'status error' }, l10n.t('Could not load insight {0}: {1}', id, errorMessage(error))),
      );
      return;
    }
  }
  renderDetail(insight);
}

function renderDetail(insight: Insight): void {
  clear(detail);
  detail.append(el('h2', {}, text(insight.name) || insight.id));
  const actions = el('div', { class: 'toolbar' });
  if (insight.twinId) {
    const twinId = insight.twinId;
    const open = el('vscode-button', {}, l10n.t('Open twin'));
    open.addEventListener('click', () => void status.run(bridge.request('openTwin', { twinId })));
    actions.append(open);
  }
  for (const ticketId of Array.isArray(insight.ticketIds) ? insight.ticketIds : []) {
    const open = el('vscode-button', { secondary: true }, l10n.t('Open ticket {0}', ticketId));
    open.addEventListener('click', () => void status.run(bridge.request('openTicket', { ticketId: String(ticketId) })));
    actions.append(open);
  }
  detail.append(actions);
  const list = el('dl');
  for (const [key, value] of Object.entries(insight)) {
    const scores = key === 'impactScores' ? impactScoreRows(value, (n) => n.toLocaleString()) : undefined;
    list.append(
      el('dt', {}, key),
      el(
        'dd',
        {},
        scores
          ? impactTable(scores)
          : value !== null && typeof value === 'object'
            ? el('pre', {}, JSON.stringify(value, null, 2))
            : text(value),
      ),
    );
  }
  detail.append(list);
}

function impactTable(scores: NonNullable<ReturnType<typeof impactScoreRows>>): HTMLElement {
  if (!scores.length) return el('span', { class: 'muted' }, l10n.t('No impact scores'));
  return el(
    'table',
    { class: 'impact' },
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        el('th', { scope: 'col' }, l10n.t('Impact')),
        el('th', { scope: 'col' }, l10n.t('Value')),
        el('th', { scope: 'col' }, l10n.t('Unit')),
      ),
    ),
    el(
      'tbody',
      {},
      ...scores.map((s) =>
        el('tr', {}, el('th', { scope: 'row' }, s.name), el('td', {}, s.value), el('td', {}, s.unit)),
      ),
    ),
  );
}

function renderPager(page: number, size: number): void {
  clear(pager);
  const pages = Math.max(1, Math.ceil(total / size));
  const go = (p: number) => {
    if (p < 1 || p > pages) return;
    query().page = p;
    void load();
  };
  const button = (label: string, p: number, disabled: boolean, current = false) => {
    const b = el(
      'vscode-button',
      { secondary: !current, 'aria-current': current ? 'page' : undefined, 'aria-label': l10n.t('Page {0}', p) },
      label,
    );
    b.disabled = disabled;
    b.addEventListener('click', () => go(p));
    return b;
  };
  pager.append(button(l10n.t('‹ Prev'), page - 1, page <= 1));
  for (const p of pageNumbers(page, pages)) {
    pager.append(p === 0 ? el('span', { class: 'muted' }, '…') : button(String(p), p, false, p === page));
  }
  const roots = countNoun(total, l10n.t('{0} root'), l10n.t('{0} roots'));
  pager.append(
    button(l10n.t('Next ›'), page + 1, page >= pages),
    el(
      'span',
      { class: 'muted' },
      l10n.t({
        message: 'Page {0} of {1} · {2}',
        args: [page, pages, roots],
        comment: ['{2} is "1,204 roots": the root insights of every page'],
      }),
    ),
  );
}

/** 1, …, window around the current page, …, last (0 marks a gap). */
function pageNumbers(page: number, pages: number): number[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: number[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(0);
    out.push(p);
  });
  return out;
}

function syncControls(): void {
  const q = query();
  sortField.value = q.sort?.field ?? SERVICE_ORDER;
  sortDirection.textContent = q.sort?.sort === 'desc' ? l10n.t('↓ Desc') : l10n.t('↑ Asc');
  sortDirection.disabled = !q.sort;
  pageSize.value = String(q.pageSize);
  for (const th of headRow.querySelectorAll<HTMLElement>('th[data-field]')) {
    const sort = q.sort;
    th.setAttribute(
      'aria-sort',
      sort && sort.field === th.dataset.field ? (sort.sort === 'desc' ? 'descending' : 'ascending') : 'none',
    );
  }
  clear(filterChips);
  q.filters.forEach((f: FilterSpecification, index: number) => {
    const label = [f.field, f.operator, Array.isArray(f.value) ? f.value.join(', ') : text(f.value)]
      .filter(Boolean)
      .join(' ');
    const remove = el(
      'button',
      { type: 'button', class: 'chip', 'aria-label': l10n.t('Remove filter {0}', label) },
      `${label} ✕`,
    );
    remove.addEventListener('click', () => {
      q.filters.splice(index, 1);
      q.page = 1;
      void load();
    });
    filterChips.append(remove);
  });
}

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

function singleSelect(
  label: string,
  options: Array<[value: string, text: string]>,
): HTMLElementTagNameMap['vscode-single-select'] {
  return el('vscode-single-select', { label }, ...options.map(([value, text]) => el('vscode-option', { value }, text)));
}
