// What the insights panel shows and remembers: the query (search, sort, filters, page), the loaded page, the
// expanded roots, the selection and the column widths. Pure: no DOM, no host messages (insightsActions.ts).
import { COLLECTION_OPERATORS, VALUELESS_OPERATORS, type FilterOperator } from '../../../core/api/filterVocabulary';
import type { Insight } from '../../../core/api/types';
import { upgradeSavedQuery, type InsightRow, type InsightsPanelState, type InsightsQuery } from '../insightsProtocol';

/** Column widths (px) a drag or the arrow keys can set. */
const MIN_COLUMN_WIDTH = 48;
const MAX_COLUMN_WIDTH = 2000;

export class InsightsState {
  /** What the webview keeps across reloads (the bridge's state). */
  readonly panel: InsightsPanelState;
  /** Whether the kept state named a selected insight (a focus asked by the host does not replace it). */
  readonly keptSelection: boolean;
  readonly expanded = new Set<string>();
  rows: InsightRow[] = [];
  /** Root insights of every page. */
  total = 0;

  constructor(saved: InsightsPanelState | undefined) {
    const kept = saved ?? {};
    this.keptSelection = !!kept.selectedId;
    this.panel = {
      ...kept,
      query: upgradeSavedQuery({ page: 1, pageSize: 10, filters: [], ...(kept.query ?? {}) }),
    };
  }

  get query(): InsightsQuery {
    return this.panel.query!;
  }

  /** A column header's click: sort by it ascending, or flip it when it is the ascending sort already. */
  sortByColumn(field: string): void {
    const q = this.query;
    q.sort = { field, sort: q.sort?.field === field && q.sort.sort === 'asc' ? 'desc' : 'asc' };
    q.page = 1;
  }

  /** The sort box: a field keeps the direction, none is the service's order. */
  sortBy(field: string | undefined): void {
    this.query.sort = field !== undefined ? { field, sort: this.query.sort?.sort ?? 'asc' } : undefined;
    this.query.page = 1;
  }

  /** Whether there was a sort to flip. */
  flipSortDirection(): boolean {
    const sort = this.query.sort;
    if (!sort) return false;
    sort.sort = sort.sort === 'desc' ? 'asc' : 'desc';
    return true;
  }

  search(words: string): void {
    this.query.search = words.trim() || undefined;
    this.query.page = 1;
  }

  /**
   * Adds a filter from the filter row: no value for an operator that takes none, a comma-separated list for a
   * collection operator, a number when the value is one. False, and nothing added, when a value is missing.
   */
  addFilter(field: string, operator: FilterOperator, typed: string): boolean {
    const raw = typed.trim();
    if (VALUELESS_OPERATORS.includes(operator)) {
      this.query.filters.push({ field, operator });
    } else if (!raw) {
      return false;
    } else {
      const value = COLLECTION_OPERATORS.includes(operator)
        ? raw
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean)
        : /^-?\d+(\.\d+)?$/.test(raw)
          ? Number(raw)
          : raw;
      this.query.filters.push({ field, operator, value });
    }
    this.query.page = 1;
    return true;
  }

  removeFilter(index: number): void {
    this.query.filters.splice(index, 1);
    this.query.page = 1;
  }

  setPageSize(size: number): void {
    this.query.pageSize = size;
    this.query.page = 1;
  }

  /** Whether `page` is one of the `pages` (1 to the last), and is now the page asked for. */
  goToPage(page: number, pages: number): boolean {
    if (page < 1 || page > pages) return false;
    this.query.page = page;
    return true;
  }

  /** How many pages of `size` roots the matching roots fill (at least one). */
  pageCount(size: number): number {
    return Math.max(1, Math.ceil(this.total / size));
  }

  /** The insight of the loaded page (a root or a child) with this id. */
  loadedInsight(id: string): Insight | undefined {
    return this.rows.flatMap((r) => [r.root, ...r.children]).find((i) => i.id === id);
  }

  /** A column's kept width, within the widths a resize can set. */
  columnWidth(field: string): number | undefined {
    const widths = this.panel.columnWidths;
    const width = widths && Object.hasOwn(widths, field) ? widths[field] : undefined;
    return typeof width === 'number' && Number.isFinite(width) ? clampWidth(width) : undefined;
  }

  /** Keeps a column's width (clamped, whole pixels); the width kept. */
  setColumnWidth(field: string, width: number): number {
    const clamped = Math.round(clampWidth(width));
    this.panel.columnWidths = { ...(this.panel.columnWidths ?? {}), [field]: clamped };
    return clamped;
  }
}

function clampWidth(width: number): number {
  return Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width));
}

/** 1, …, window around the current page, …, last (0 marks a gap). */
export function pageNumbers(page: number, pages: number): number[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: number[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(0);
    out.push(p);
  });
  return out;
}
