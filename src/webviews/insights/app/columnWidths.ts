// The insights table's short columns (type, priority, status, occurrences, updated) sized to what they must show
// whole: their header with room for the sort arrow, and for Updated a day. Measured in the panel's own fonts, so Name
// and Twin get the rest of the width; the stylesheet's widths in `ch` (roughly a fifth wider than the text in a
// proportional font) stay as the fallback when nothing can be measured. A width the user dragged wins.
import { COLUMNS } from './insightColumns';

/** The sort arrow after the sorted column's label (base.css), and the header's drag handle. */
const ARROW = ' ▼';
const HANDLE_PX = 6;
/** Canvas and layout may round text widths apart by a pixel. */
const SLACK_PX = 2;

/** The content width in px (a cell's padding comes on top) a short column needs, from measured text widths. */
export function shortColumnWidth(labelPx: number, arrowPx: number, samplePx: number): number {
  return Math.ceil(Math.max(labelPx + arrowPx, samplePx) + HANDLE_PX + SLACK_PX);
}

/** Sets the width of each short column of `headRow` the user has not sized; returns the fields it sized. */
export function fitShortColumns(headRow: HTMLElement, userWidth: (field: string) => number | undefined): string[] {
  const context = document.createElement('canvas').getContext('2d');
  const table = headRow.closest('table');
  if (!context || !table) return [];
  const measure = (text: string, font: string): number => {
    context.font = font;
    return context.measureText(text).width;
  };
  const cellFont = getComputedStyle(table).font;
  const sized: string[] = [];
  for (const column of COLUMNS) {
    const sample = column.short;
    if (sample === undefined || userWidth(column.field)) continue;
    const th = headRow.querySelector<HTMLElement>(`th[data-field="${column.field}"]`);
    const button = th?.querySelector<HTMLElement>('button.sort');
    if (!th || !button) continue;
    const labelFont = getComputedStyle(button).font;
    const width = shortColumnWidth(
      measure(column.label, labelFont),
      measure(ARROW, labelFont),
      sample ? measure(sample, cellFont) : 0,
    );
    if (!Number.isFinite(width) || width <= HANDLE_PX) continue;
    th.style.width = `${width}px`;
    sized.push(column.field);
  }
  return sized;
}
