// The data table of the chart (its accessible alternative): one row per time any drawn series has a point within
// the visible range, one column per series, empty cells where a series has no point at that time.

export interface DataTableSeries {
  /** The column heading: the series label, with its unit when it has one. */
  heading: string;
  x: readonly number[];
  y: readonly number[];
}

export interface DataTableModel {
  headings: string[];
  rows: Array<{ time: number; values: Array<number | undefined> }>;
}

export function dataTableModel(series: readonly DataTableSeries[], start: number, end: number): DataTableModel {
  const byTime = new Map<number, Array<number | undefined>>();
  series.forEach((s, column) => {
    for (let i = 0; i < s.x.length; i++) {
      const time = s.x[i];
      if (time < start || time > end) continue;
      let values = byTime.get(time);
      if (!values) {
        values = new Array<number | undefined>(series.length).fill(undefined);
        byTime.set(time, values);
      }
      values[column] = s.y[i];
    }
  });
  const rows = [...byTime.entries()].sort((a, b) => a[0] - b[0]).map(([time, values]) => ({ time, values }));
  return { headings: series.map((s) => s.heading), rows };
}
