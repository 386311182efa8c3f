// The insights panel's page: the toolbar (search, find, sort, filters, page size), the tree grid of root insights
// and their children, the pager and the detail pane. It draws an InsightsState and reports what the user asks
// through InsightsViewEvents; it sends nothing to the host (insightsActions.ts).
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import * as l10n from '@vscode/l10n';
import { INSIGHT_FILTER_OPERATORS, operatorsForField, type FilterOperator } from '../../../core/api/filterVocabulary';
import { INSIGHT_NON_TEXT_FIELDS } from '../../../core/api/insightEntity';
import type { FilterSpecification, Insight } from '../../../core/api/types';
import { countText } from '../../../shared/countText';
import { textField } from '../../shared/app/textField';
import { StatusLine } from '../../shared/app/statusLine';
import { append, clear, el } from '../../shared/app/dom';
import { matchRanges, splitByMatches } from './findMatches';
import { renderInsightDetail, type DetailActions } from './insightDetail';
import { COLUMNS, text } from './insightColumns';
import { InsightsHeader } from './insightsHeader';
import { renderPager } from './insightsPager';
import type { InsightsState } from './insightsState';

const FILTER_FIELDS = [
  'status',
  'type',
  'priority',
  'twinId',
  'ruleName',
  'ruleId',
  'siteId',
  'sourceType',
  'name',
  'occurrenceCount',
  'createdDate',
  'updatedDate',
  'detectedDate',
  'lastOccurredDate',
];
/** Only operators a real instance can run on insights (`startsWith`, `endsWith` and `notcontains` fail there). */
const OPERATORS = INSIGHT_FILTER_OPERATORS;
const PAGE_SIZES = [10, 25, 50, 100];
/** The sort box's "no sort" choice (the select needs a non-empty value). */
const SERVICE_ORDER = '-';
const SEARCH_SETTLE_MS = 300;

/** What the user asks of the page. */
export interface InsightsViewEvents {
  /** The query changed (search, sort, filters, page): load it. */
  queryChanged(): void;
  select(id: string): void;
  /** The state changed in a way worth keeping (a column width). */
  stateChanged(): void;
  saveAsRequest(): void;
}

export class InsightsView {
  readonly status = new StatusLine();
  private readonly scopeLine = el('div', { class: 'muted' });
  private readonly findBox = textField(l10n.t('Find in the loaded rows'), {
    type: 'search',
    class: 'find',
    placeholder: l10n.t('Find in panel…'),
  });
  private readonly findCount = el('span', { class: 'muted find-count', 'aria-live': 'polite' });
  private readonly searchBox = textField(l10n.t('Search insight names'), {
    type: 'search',
    class: 'search',
    placeholder: l10n.t('Search names…'),
  });
  private readonly sortField = singleSelect(l10n.t('Sort by'), [
    [SERVICE_ORDER, l10n.t('Service order')],
    ...COLUMNS.map((c): [string, string] => [c.field, c.label]),
  ]);
  private readonly sortDirection = el('vscode-button', { secondary: true, 'aria-label': l10n.t('Sort direction') });
  private readonly filterField = singleSelect(
    l10n.t('Filter field'),
    FILTER_FIELDS.map((f): [string, string] => [f, f]),
  );
  private readonly filterOperator = singleSelect(
    l10n.t('Filter operator'),
    OPERATORS.map((o): [string, string] => [o, o]),
  );
  private readonly filterValue = textField(l10n.t('Filter value'), {
    class: 'filter-value',
    placeholder: l10n.t('value'),
  });
  private readonly addFilter = el('vscode-button', { secondary: true }, l10n.t('Add filter'));
  private readonly filterChips = el('div', { class: 'chips', 'aria-label': l10n.t('Active filters') });
  private readonly tbody = el('tbody');
  private readonly header: InsightsHeader;
  private readonly detail = el(
    'aside',
    { class: 'detail', 'aria-label': l10n.t('Insight details') },
    el('p', { class: 'hint' }, l10n.t('Select an insight to see every field.')),
  );
  private readonly pager = el('nav', { class: 'pager', 'aria-label': l10n.t('Pages') });
  private readonly saveRequestButton = el(
    'vscode-button',
    {
      secondary: true,
      id: 'save-request',
      title: l10n.t('Write the request that lists these insights into a request file'),
    },
    l10n.t('Save as Request'),
  );
  private readonly pageSize = singleSelect(
    l10n.t('Roots per page'),
    PAGE_SIZES.map((n): [string, string] => [String(n), l10n.t('{0} per page', n)]),
  );
  /** Root rows of the page; child rows are built the first time their root is expanded. */
  private readonly rendered = new Map<
    string,
    { tr: HTMLTableRowElement; row: InsightsState['rows'][number]; childRows?: HTMLTableRowElement[] }
  >();
  private searchTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly state: InsightsState,
    private readonly events: InsightsViewEvents,
  ) {
    this.filterOperator.classList.add('operator');
    this.offerOperatorsFor(FILTER_FIELDS[0]);
    this.header = new InsightsHeader(state, events);
    document.body.append(
      el(
        'div',
        { class: 'toolbar' },
        this.searchBox,
        el('div', { class: 'group', role: 'search' }, this.findBox, this.findCount),
        el('div', { class: 'group' }, this.sortField, this.sortDirection),
        el(
          'div',
          { class: 'group', role: 'group', 'aria-label': l10n.t('New filter') },
          this.filterField,
          this.filterOperator,
          this.filterValue,
          this.addFilter,
        ),
        this.pageSize,
        this.saveRequestButton,
      ),
      this.scopeLine,
      this.filterChips,
      this.status.element,
      el(
        'div',
        { class: 'layout' },
        el(
          'div',
          { class: 'table-wrap' },
          el(
            'table',
            { class: 'insights', role: 'treegrid', 'aria-label': l10n.t('Insights') },
            el('thead', {}, this.header.row),
            this.tbody,
          ),
          this.pager,
        ),
        this.detail,
      ),
    );
    this.header.fit();
    // Columns are laid out again for the table's new width (a narrower panel leaves the least needed out).
    const tableWrap = this.header.row.closest('.table-wrap');
    if (tableWrap) new ResizeObserver(() => this.header.fit()).observe(tableWrap);
    this.listen();
  }

  private listen(): void {
    const { state, events } = this;
    this.saveRequestButton.addEventListener('click', () => events.saveAsRequest());
    this.searchBox.addEventListener('input', () => {
      clearTimeout(this.searchTimer);
      this.searchTimer = setTimeout(() => {
        state.search(this.searchBox.value);
        events.queryChanged();
      }, SEARCH_SETTLE_MS);
    });
    this.sortField.addEventListener('change', () => {
      state.sortBy(this.sortField.value !== SERVICE_ORDER ? this.sortField.value : undefined);
      events.queryChanged();
    });
    this.sortDirection.addEventListener('click', () => {
      if (state.flipSortDirection()) events.queryChanged();
    });
    // Text operators only on text fields: on a number, a date or a code the service fails to build them (400).
    this.filterField.addEventListener('change', () => this.offerOperatorsFor(this.filterField.value));
    this.addFilter.addEventListener('click', () => {
      const added = state.addFilter(
        this.filterField.value,
        this.filterOperator.value as FilterOperator,
        this.filterValue.value,
      );
      if (!added) {
        this.status.set(l10n.t('Enter a filter value first'), true);
        return;
      }
      this.filterValue.value = '';
      events.queryChanged();
    });
    this.filterValue.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') this.addFilter.click();
    });
    this.pageSize.addEventListener('change', () => {
      state.setPageSize(Number(this.pageSize.value));
      events.queryChanged();
    });
    this.tbody.addEventListener('keydown', (e) => this.onRowKey(e));
    this.findBox.addEventListener('input', () => this.applyFind());
  }

  /** The panel's scope and the search the query holds, once the host said what the panel is for. */
  showScope(scopeTwinId: string | undefined, scopeLabel: string): void {
    this.scopeLine.textContent = scopeTwinId
      ? l10n.t('Insights of {0} and the twins under it', scopeLabel)
      : l10n.t('Insights of {0}', scopeLabel);
    this.searchBox.value = this.state.query.search ?? '';
  }

  renderRows(): void {
    const fragment = document.createDocumentFragment();
    this.rendered.clear();
    for (const row of this.state.rows) {
      const tr = this.rowElement(row.root, 1, row.children.length, false);
      this.rendered.set(row.root.id, { tr, row });
      fragment.append(tr);
    }
    clear(this.tbody);
    this.tbody.append(fragment);
    for (const row of this.state.rows) if (this.state.expanded.has(row.root.id)) this.setExpanded(row.root.id, true);
    const first = this.tbody.querySelector('tr');
    if (first) first.tabIndex = 0;
    this.applyFind();
  }

  /**
   * Find in panel: over the loaded rows only (no request). Rows without a match are hidden, a root stays when one of its
   * children matches (and opens to show it), matches are highlighted and counted.
   */
  /** Rebuilds the operator choice for a field, keeping the chosen operator when the field takes it. */
  private offerOperatorsFor(field: string): void {
    const offered = insightOperatorsFor(field);
    const chosen = this.filterOperator.value as FilterOperator;
    this.filterOperator.replaceChildren(...offered.map((o) => el('vscode-option', { value: o }, o)));
    this.filterOperator.value = offered.includes(chosen) ? chosen : offered[0];
  }

  private applyFind(): void {
    const needle = this.findBox.value.trim();
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
    for (const row of this.state.rows) {
      const childMatch =
        needle !== '' && row.children.some((c) => COLUMNS.some((col) => matchRanges(col.value(c), needle).length > 0));
      if (childMatch) this.setExpanded(row.root.id, true);
      const entry = this.rendered.get(row.root.id);
      if (!entry) continue;
      const rootMatch = rowMatches(entry.tr);
      entry.tr.classList.toggle('find-miss', needle !== '' && !rootMatch && !childMatch);
      for (const tr of entry.childRows ?? []) tr.classList.toggle('find-miss', !rowMatches(tr) && needle !== '');
    }
    const loadedRows = this.state.rows.reduce((n, r) => n + 1 + r.children.length, 0);
    this.findCount.textContent = needle
      ? l10n.t({
          message: '{0} in {1} of {2} loaded rows',
          args: [
            countText(matches, { one: l10n.t('{0} match'), other: l10n.t('{0} matches') }),
            matchedRows,
            loadedRows,
          ],
          comment: ['{0} is "3 matches"'],
        })
      : '';
    document.body.dataset.findMatches = String(matches);
  }

  private rowElement(insight: Insight, level: number, childCount: number, open: boolean): HTMLTableRowElement {
    const tr = el('tr', {
      tabindex: -1,
      'data-id': insight.id,
      'aria-level': level,
      'aria-selected': String(this.state.panel.selectedId === insight.id),
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
        this.setExpanded(insight.id, !this.state.expanded.has(insight.id));
      });
      toggle.append(button, el('span', { class: 'count' }, String(childCount)));
    }
    // The title shows a value its column cuts off with an ellipsis (or what the value leaves out).
    tr.append(
      toggle,
      ...COLUMNS.map((c) =>
        el('td', { 'data-field': c.field, title: (c.title ?? c.value)(insight) }, c.value(insight)),
      ),
    );
    tr.addEventListener('click', () => this.events.select(insight.id));
    return tr;
  }

  private setExpanded(id: string, open: boolean): void {
    const entry = this.rendered.get(id);
    if (!entry || !entry.row.children.length) return;
    if (open) this.state.expanded.add(id);
    else this.state.expanded.delete(id);
    entry.tr.setAttribute('aria-expanded', String(open));
    const toggle = entry.tr.querySelector('button.toggle');
    if (toggle) {
      toggle.textContent = open ? '▾' : '▸';
      toggle.setAttribute('aria-label', toggleLabel(open, entry.row.children.length));
    }
    if (open && !entry.childRows) {
      entry.childRows = entry.row.children.map((child) => {
        const tr = this.rowElement(child, 2, 0, false);
        tr.dataset.parent = id;
        return tr;
      });
      entry.tr.after(...entry.childRows);
    }
    for (const tr of entry.childRows ?? []) tr.hidden = !open;
  }

  private onRowKey(e: KeyboardEvent): void {
    const tr = (e.target as HTMLElement).closest('tr');
    if (!tr) return;
    const id = tr.dataset.id!;
    const visible = [...this.tbody.querySelectorAll<HTMLTableRowElement>('tr')].filter(
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
        this.setExpanded(id, true);
        break;
      case 'ArrowLeft':
        if (tr.dataset.parent)
          focus(
            this.tbody.querySelector<HTMLTableRowElement>(`tr[data-id="${CSS.escape(tr.dataset.parent)}"]`) ??
              undefined,
          );
        else this.setExpanded(id, false);
        break;
      case 'Enter':
      case ' ':
        this.events.select(id);
        break;
      default:
        return;
    }
    e.preventDefault();
  }

  /** Marks the selected row. */
  showSelection(id: string): void {
    for (const tr of this.tbody.querySelectorAll('tr'))
      tr.setAttribute('aria-selected', String((tr as HTMLElement).dataset.id === id));
  }

  showDetailError(message: string): void {
    clear(this.detail);
    this.detail.append(el('p', { class: 'status error' }, message));
  }

  /** Every field of an insight, with buttons to open its twin and its tickets. */
  renderDetail(insight: Insight, open: DetailActions): void {
    renderInsightDetail(this.detail, insight, open);
  }

  renderPager(page: number, size: number): void {
    renderPager(this.pager, this.state, page, size, () => this.events.queryChanged());
  }

  /** The sort, page size, header and filter chips show the query. */
  syncControls(): void {
    const q = this.state.query;
    this.sortField.value = q.sort?.field ?? SERVICE_ORDER;
    this.sortDirection.textContent = q.sort?.sort === 'desc' ? l10n.t('↓ Desc') : l10n.t('↑ Asc');
    this.sortDirection.disabled = !q.sort;
    this.pageSize.value = String(q.pageSize);
    this.header.showSort(q.sort);
    clear(this.filterChips);
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
        this.state.removeFilter(index);
        this.events.queryChanged();
      });
      this.filterChips.append(remove);
    });
  }
}

function childrenText(count: number): string {
  return countText(count, { one: l10n.t('{0} child'), other: l10n.t('{0} children') });
}

/** "10 of 42 root insights on this page, 7 children". */
export function pageSummary(shownRoots: number, total: number, children: number): string {
  const roots = countText(total, { one: l10n.t('{0} root insight'), other: l10n.t('{0} root insights') });
  return l10n.t({
    message: '{0} of {1} on this page, {2}',
    args: [shownRoots, roots, childrenText(children)],
    comment: ['{1} is "42 root insights", {2} "7 children"'],
  });
}

/** The accessible name of a root's expand/collapse button. */
function toggleLabel(open: boolean, children: number): string {
  return open ? l10n.t('Collapse {0}', childrenText(children)) : l10n.t('Expand {0}', childrenText(children));
}

/** The operators a filter on `field` can use (text operators on text fields only). */
function insightOperatorsFor(field: string): FilterOperator[] {
  return operatorsForField(OPERATORS, field, INSIGHT_NON_TEXT_FIELDS);
}

function singleSelect(
  label: string,
  options: Array<[value: string, text: string]>,
): HTMLElementTagNameMap['vscode-single-select'] {
  return el('vscode-single-select', { label }, ...options.map(([value, text]) => el('vscode-option', { value }, text)));
}
