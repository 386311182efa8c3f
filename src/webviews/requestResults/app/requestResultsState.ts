// What the request results panel shows: the requests of the latest run, which one is selected, its result and how
// it is sorted and viewed (table, JSON, chart), and the texts that describe them. Pure: no DOM, no host messages
// (requestResultsActions.ts sends those).
import * as l10n from '@vscode/l10n';
import type { Cell } from '../../../core/requestFiles/resultTable';
import type { ResultSort } from '../../../core/requestFiles/resultView';
import { countText } from '../../../shared/countText';
import type { ResultDetail, ResultSummary } from '../requestResultsProtocol';

export type ResultView = 'table' | 'json' | 'chart';
export const RESULT_VIEWS: readonly ResultView[] = ['table', 'json', 'chart'];

export class RequestResultsState {
  results: ResultSummary[] = [];
  selected: number | undefined;
  view: ResultView = 'table';
  sort: ResultSort | undefined;
  /** The selected request's result, once loaded. */
  detail: ResultDetail | undefined;
  /** Counts the loads, so an answer to an older one is dropped. */
  private generation = 0;

  /**
   * Takes a new list of the run's requests. The selection stays when its request is still listed, else moves to
   * `select`, the host's choice or the first request (unsorted). Whether the selected request's result is to be
   * loaded: it is new to the panel or not loaded yet.
   */
  listed(results: ResultSummary[], select?: number, hostChoice?: number): boolean {
    this.results = results;
    const stillThere = results.some((r) => r.id === this.selected);
    if (!stillThere) {
      this.selected = select ?? hostChoice ?? results[0]?.id;
      this.sort = undefined;
    }
    const current = this.current();
    return current !== undefined && (!stillThere || this.detail?.id !== current.id);
  }

  /** The selected request. */
  current(): ResultSummary | undefined {
    return this.results.find((r) => r.id === this.selected);
  }

  /** Selects a request (unsorted); whether the selection changed. */
  select(id: number): boolean {
    if (this.selected === id) return false;
    this.selected = id;
    this.sort = undefined;
    return true;
  }

  /** Sorts by a column: ascending first, the other way on a second click. */
  sortByColumn(column: number): void {
    this.sort = { column, descending: this.sort?.column === column ? !this.sort.descending : false };
  }

  /** The direction a column is sorted in, if it is the sorted one. */
  sortOf(column: number): 'ascending' | 'descending' | undefined {
    if (this.sort?.column !== column) return undefined;
    return this.sort.descending ? 'descending' : 'ascending';
  }

  /** Starts a load; the token `isLatest` takes. */
  startLoad(): number {
    return ++this.generation;
  }

  isLatest(load: number): boolean {
    return load === this.generation;
  }

  /** A result to show; a result without series is not shown as a chart. */
  showResult(answer: ResultDetail): void {
    this.detail = answer;
    if (this.view === 'chart' && !answer.series.length) this.view = 'table';
  }

  /** Nothing to show (the request runs, failed, or none ran). */
  clearResult(): void {
    this.detail = undefined;
  }
}

/** A tab's note: "running…", "failed", or "12 rows · 40 ms". */
export function resultStateText(result: ResultSummary): string {
  if (result.state === 'pending') return l10n.t('running…');
  if (result.state === 'error') return l10n.t('failed');
  const rows =
    result.rows === undefined ? '' : countText(result.rows, { one: l10n.t('{0} row'), other: l10n.t('{0} rows') });
  return [rows, result.durationMs === undefined ? '' : l10n.t('{0} ms', result.durationMs)].filter(Boolean).join(' · ');
}

/** The status line of a shown result: its rows, how many the table shows, and whether the service has more. */
export function resultStatusText(answer: ResultDetail): string {
  const shown =
    answer.rows.length < answer.totalRows
      ? l10n.t('showing the first {0} (sorting and export use every row)', answer.rows.length)
      : '';
  return [
    countText(answer.totalRows, { one: l10n.t('{0} row'), other: l10n.t('{0} rows') }),
    shown,
    answer.hasMore ? l10n.t('more on the service') : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A table cell's text (nothing for null). */
export function cellText(value: Cell): string {
  return value === null ? '' : String(value);
}

/** Under a chart that draws fewer points than its series hold: how many of how many; nothing when all are drawn. */
export function downsampleNote(series: ResultDetail['series']): string {
  if (!series.some((s) => s.x.length < s.points)) return '';
  return l10n.t(
    '{0} points drawn as {1} (the shape is kept)',
    series.reduce((n, s) => n + s.points, 0),
    series.reduce((n, s) => n + s.x.length, 0),
  );
}
