// The pages of one request's result as the results panel shows them: every page's rows kept together
// ("Load more" appends), sorted on request, the first rows for the table (export writes them all), the
// time-series points downsampled for the chart, the JSON clipped for the JSON view.

import { lttb } from '../timeSeries/lttb';
import { resultRows } from './resultRows';
import {
  resultSeries,
  resultTable,
  type Cell,
  type ModelProperties,
  type ResultColumn,
  type ResultTable,
} from './resultTable';

/** Rows the table shows at once. */
export const MAX_TABLE_ROWS = 2_000;
/** Points per series the chart draws (LTTB keeps the shape). */
export const MAX_CHART_POINTS = 2_000;
/** Characters of JSON the JSON view shows. */
const MAX_JSON_CHARS = 1_000_000;

export interface ResultSort {
  column: number;
  descending: boolean;
}

export interface ChartSeries {
  label: string;
  x: number[];
  y: number[];
  /** Points before downsampling. */
  points: number;
}

export interface ResultPage {
  kind: ResultTable['kind'];
  columns: ResultColumn[];
  rows: Cell[][];
  totalRows: number;
  series: ChartSeries[];
}

/** Nulls last; numbers by value; the rest as text. */
export function compareCells(a: Cell, b: Cell): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

export class ResultPages {
  private readonly first: unknown;
  /** The rows of every page, once there is more than one. */
  private rows: unknown[] | undefined;
  private table: ResultTable | undefined;

  constructor(first: unknown) {
    this.first = first;
  }

  /** A following page of the same list. */
  append(page: unknown): void {
    this.rows ??= [...(resultRows(this.first) ?? [this.first])];
    for (const row of resultRows(page) ?? [page]) this.rows.push(row);
    this.table = undefined;
  }

  /** Every page's rows as one list (the first page as the service sent it while there is only one). */
  result(): unknown {
    return this.rows ?? this.first;
  }

  /** The result as pretty JSON for the JSON view, clipped. */
  json(): { text: string; clipped: boolean } {
    const text = JSON.stringify(this.result(), null, 2) ?? 'null';
    return text.length > MAX_JSON_CHARS
      ? { text: text.slice(0, MAX_JSON_CHARS), clipped: true }
      : { text, clipped: false };
  }

  fullTable(properties?: ModelProperties): ResultTable {
    this.table ??= resultTable(this.result(), properties);
    return this.table;
  }

  /** What the panel shows: the first rows in the asked order, the chart's series and the JSON. */
  page(properties?: ModelProperties, sort?: ResultSort): ResultPage {
    const table = this.fullTable(properties);
    let rows = table.rows;
    if (sort && sort.column >= 0 && sort.column < table.columns.length) {
      const order = sort.descending ? -1 : 1;
      rows = [...rows].sort((a, b) => order * compareCells(a[sort.column] ?? null, b[sort.column] ?? null));
    }
    return {
      kind: table.kind,
      columns: table.columns,
      rows: rows.slice(0, MAX_TABLE_ROWS),
      totalRows: rows.length,
      series: this.chartSeries(),
    };
  }

  private chartSeries(): ChartSeries[] {
    return resultSeries(this.result()).map((s) => {
      const order = s.times.map((_, i) => i).sort((a, b) => s.times[a]! - s.times[b]!);
      const down = lttb(
        { x: Float64Array.from(order, (i) => s.times[i]!), y: Float64Array.from(order, (i) => s.values[i]!) },
        MAX_CHART_POINTS,
      );
      return { label: s.twinId, x: Array.from(down.x), y: Array.from(down.y), points: s.times.length };
    });
  }
}
