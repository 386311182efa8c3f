// How wide each column of the insights table is at the panel's width. Every shown column keeps a readable minimum;
// Name and Twin grow to a comfortable width first, then the short columns (type, priority, status, occurrences,
// updated) to what they want whole (their header with the sort arrow, their widest value), then Name and Twin share
// the rest. A panel too narrow for every minimum leaves out the least needed columns first (their values stay in the
// detail pane). Widths are measured in the panel's own fonts; a width the user dragged is kept as it is.
import { COLUMNS } from './insightColumns';

/** The sort arrow after the sorted column's label (base.css), and the header's drag handle. */
const ARROW = ' ▼';
const HANDLE_PX = 6;
/** Canvas and layout may round text widths apart by a pixel. */
const SLACK_PX = 2;
/** A short column narrower than this shows too little of its header or value to read. */
const SHORT_MIN_PX = 56;
/** Name and Twin never narrower than this (about ten characters), and given this much before the short columns grow. */
export const WIDE_MIN_PX = 80;
export const WIDE_COMFORT_PX = 120;

export interface ColumnNeed {
  field: string;
  /** Width (px, padding included) it needs to stay readable, and to show its header and values whole. */
  min: number;
  want: number;
  /** Name and Twin: share what the others leave (no width of their own) unless the user sized them. */
  wide: boolean;
  /** Width (px, padding included) its header needs whole, when known: narrower, a less needed column makes room. */
  header?: number;
  /** Left out before the others when the panel is too narrow: higher first; 0 never. */
  dropRank: number;
}

export interface ColumnLayout {
  /** Width (px, padding included) of every shown column. */
  widths: Map<string, number>;
  /** Columns left out, in the order they went. */
  hidden: string[];
}

/** The content width in px (a cell's padding comes on top) a short column wants, from measured text widths. */
export function shortColumnWidth(labelPx: number, arrowPx: number, samplePx: number): number {
  return Math.ceil(Math.max(labelPx + arrowPx, samplePx) + HANDLE_PX + SLACK_PX);
}

/** Grows `fields` from their current width towards `target(field)`, sharing `room` in proportion to what each lacks. */
function grow(widths: Map<string, number>, fields: string[], target: (f: string) => number, room: number): number {
  const lack = fields.map((f) => Math.max(0, target(f) - widths.get(f)!));
  const total = lack.reduce((a, b) => a + b, 0);
  if (total <= 0 || room <= 0) return room;
  const share = Math.min(1, room / total);
  fields.forEach((f, i) => widths.set(f, widths.get(f)! + Math.floor(lack[i] * share)));
  return room - Math.min(room, total);
}

/**
 * The columns' widths in `available` px (the table's width less what is not a column of `needs`): the minimums, the
 * least needed left out until they fit; then Name and Twin to their comfortable width, the short columns towards
 * what they want, and what is left to Name and Twin.
 */
export function layOutColumns(
  needs: readonly ColumnNeed[],
  available: number,
  hidden: readonly string[] = [],
): ColumnLayout {
  const shown = [...needs];
  const left: string[] = [...hidden];
  const sum = (f: (c: ColumnNeed) => number) => shown.reduce((n, c) => n + f(c), 0);
  while (sum((c) => c.min) > available) {
    const droppable = shown.filter((c) => c.dropRank > 0).sort((a, b) => b.dropRank - a.dropRank)[0];
    if (!droppable) break;
    shown.splice(shown.indexOf(droppable), 1);
    left.push(droppable.field);
  }
  const widths = new Map(shown.map((c) => [c.field, c.min]));
  const byField = new Map(shown.map((c) => [c.field, c]));
  let room = available - sum((c) => c.min);
  const wide = shown.filter((c) => c.wide).map((c) => c.field);
  const short = shown.filter((c) => !c.wide).map((c) => c.field);
  room = grow(widths, wide, () => WIDE_COMFORT_PX, room);
  room = grow(widths, short, (f) => byField.get(f)!.want, room);
  if (wide.length) {
    const each = Math.floor(room / wide.length);
    for (const f of wide) widths.set(f, widths.get(f)! + each);
  }
  // A short column shows its header whole (a value may end in an ellipsis), or the least needed column makes room.
  const cut = short.some((f) => widths.get(f)! < (byField.get(f)!.header ?? 0));
  const droppable = shown.filter((c) => c.dropRank > 0).sort((a, b) => b.dropRank - a.dropRank)[0];
  if (cut && droppable)
    return layOutColumns(
      shown.filter((c) => c !== droppable),
      available,
      [...left, droppable.field],
    );
  return { widths, hidden: left };
}

/** Columns left out first on a narrow panel: Occurrences, then Updated, Type, Priority; Name, Twin and Status stay. */
const DROP_RANK: Readonly<Record<string, number>> = {
  occurrenceCount: 4,
  updatedDate: 3,
  type: 2,
  priority: 1,
};

/**
 * Lays the columns of `table` out for its width: the short columns and those the user sized get a width, Name and
 * Twin share the rest, and a column left out is named in the table's `data-hidden-fields` (the stylesheet hides it).
 */
export function fitColumns(table: HTMLTableElement, userWidth: (field: string) => number | undefined): ColumnLayout {
  const headRow = table.tHead?.rows[0];
  const context = document.createElement('canvas').getContext('2d');
  const empty: ColumnLayout = { widths: new Map(), hidden: [] };
  if (!headRow || !context) return empty;
  const measure = (text: string, font: string): number => {
    context.font = font;
    return context.measureText(text).width;
  };
  const cellFont = canvasFont(getComputedStyle(table));
  const needs: ColumnNeed[] = [];
  let padding = 0;
  for (const column of COLUMNS) {
    const th = headRow.querySelector<HTMLElement>(`th[data-field="${column.field}"]`);
    const button = th?.querySelector<HTMLElement>('button.sort');
    if (!th || !button) return empty;
    const style = getComputedStyle(th);
    padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const user = userWidth(column.field);
    const wide = column.short === undefined;
    const labelFont = canvasFont(getComputedStyle(button));
    const samples = column.short ?? [];
    const want =
      user ??
      shortColumnWidth(
        measure(column.label, labelFont),
        measure(ARROW, labelFont),
        Math.max(0, ...samples.map((s) => measure(s, cellFont))),
      ) + padding;
    if (!Number.isFinite(want)) return empty;
    const min = user ?? (wide ? WIDE_MIN_PX : Math.min(want, SHORT_MIN_PX));
    const header =
      user === undefined && !wide
        ? shortColumnWidth(measure(column.label, labelFont), measure(ARROW, labelFont), 0) + padding
        : undefined;
    needs.push({
      field: column.field,
      min,
      want,
      ...(header === undefined ? {} : { header }),
      wide: wide && user === undefined,
      dropRank: DROP_RANK[column.field] ?? 0,
    });
  }
  const others = [...headRow.cells].filter((th) => !th.dataset.field).reduce((n, th) => n + th.offsetWidth, 0);
  const layout = layOutColumns(needs, table.parentElement!.clientWidth - others);
  for (const need of needs) {
    const th = headRow.querySelector<HTMLElement>(`th[data-field="${need.field}"]`)!;
    const width = layout.widths.get(need.field);
    th.style.width = need.wide || width === undefined ? '' : `${width - padding}px`;
  }
  table.dataset.hiddenFields = layout.hidden.join(' ');
  return layout;
}

/**
 * The element's font as a canvas reads it. Not the computed `font` shorthand: Chromium leaves it empty when a longhand
 * it cannot express is set (as newer VS Code webviews do), and the canvas then measures in its 10px default.
 */
function canvasFont(style: CSSStyleDeclaration): string {
  return `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
}
