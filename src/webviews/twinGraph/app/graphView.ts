// The geometry that keeps the twin graph readable: hierarchy rows packed to a bounded width around the root (an air
// handler feeding twelve VAV boxes makes two rows, not one very wide one) and the zoom the graph opens with (labels
// legible on screen, the root and its first ring in view, the root never off screen). Pure: no cytoscape, no DOM.

/** At most this many twins side by side in a hierarchy row; more wrap onto rows beneath. */
export const MAX_ROW_NODES = 6;
/** Horizontal distance between the centres of twins of a wrapped row: a label's width (110 px) and a gap. */
export const COLUMN_GAP = 130;
/** Vertical distance between the wrapped rows of one layer. */
export const WRAPPED_ROW_GAP = 70;
/** Size (CSS px) of a node's label at zoom 1. */
export const NODE_LABEL_PX = 11;
/** Below this size on screen (CSS px) a label is hard to read: the graph never opens smaller. */
export const READABLE_LABEL_PX = 10;
/** The graph opens no larger than this, however few twins it shows. */
export const MAX_OPENING_ZOOM = 1.5;

export interface Placed {
  id: string;
  x: number;
  y: number;
}

/**
 * Packs the rows of a layered layout (twins sharing a y): each layer's twins, in their order, `columnGap` apart and
 * `maxPerRow` to a row (more wrap onto rows beneath; the layers below move down to make room). Each row is placed so
 * that its twins in `focus` (the roots and their first ring) sit around `anchorX` (the root's x), a row without any
 * around it too: the twins next to the root stay next to it on screen however wide the rest of their layer is.
 * Without an anchor each row is centred where its layer was.
 */
export function packRows(
  placed: readonly Placed[],
  focus: ReadonlySet<string> = new Set(),
  anchorX?: number,
  maxPerRow = MAX_ROW_NODES,
  columnGap = COLUMN_GAP,
  rowGap = WRAPPED_ROW_GAP,
): Map<string, { x: number; y: number }> {
  const layers = new Map<number, Placed[]>();
  for (const p of placed) {
    const key = Math.round(p.y);
    const layer = layers.get(key);
    if (layer) layer.push(p);
    else layers.set(key, [p]);
  }
  const result = new Map<string, { x: number; y: number }>();
  let shift = 0;
  for (const [y, layer] of [...layers].sort((a, b) => a[0] - b[0])) {
    const sorted = [...layer].sort((a, b) => a.x - b.x);
    const layerCentre = (sorted[0].x + sorted[sorted.length - 1].x) / 2;
    const rows = Math.ceil(sorted.length / maxPerRow);
    for (let row = 0; row < rows; row++) {
      const members = sorted.slice(row * maxPerRow, (row + 1) * maxPerRow);
      const columns = members.map((p, i) => ({ p, column: i - (members.length - 1) / 2 }));
      const focused = columns.filter((c) => focus.has(c.p.id));
      // The row's middle, or its focused twins' middle, goes to the anchor.
      const middle = focused.length ? focused.reduce((sum, c) => sum + c.column, 0) / focused.length : 0;
      const origin = (anchorX ?? layerCentre) - middle * columnGap;
      for (const { p, column } of columns)
        result.set(p.id, { x: origin + column * columnGap, y: y + shift + row * rowGap });
    }
    shift += (rows - 1) * rowGap;
  }
  return result;
}

/**
 * The zoom the graph opens with: the one that fits the root and its first ring (`fitZoom`), but never so small that
 * labels fall below READABLE_LABEL_PX on screen (the rest is a pan or a zoom away) and never above MAX_OPENING_ZOOM.
 */
export function openingZoom(fitZoom: number, labelPx = NODE_LABEL_PX): number {
  const readable = READABLE_LABEL_PX / labelPx;
  if (!Number.isFinite(fitZoom) || fitZoom <= 0) return Math.max(1, readable);
  return Math.min(MAX_OPENING_ZOOM, Math.max(readable, fitZoom));
}

/** Beyond this many points busiestView takes their middle instead of trying windows (it tries n² of them). */
const MAX_WINDOW_POINTS = 80;

/** The middle of the box around `points`. */
function middleOf(points: readonly { x: number; y: number }[]): { x: number; y: number } {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
}

/**
 * The centre of a view `width` × `height` (graph units) that holds as many of `points` as a view that size can: the
 * middle of the points it holds. Each window tried has a point on its left edge and one on its top edge; of the
 * fullest, the one whose points' middle is nearest the middle of all. Used when a twin's first ring does not fit the
 * view at a legible zoom: a ring of twelve VAV boxes below and three twins above shows the boxes, not the empty
 * middle between them.
 */
export function busiestView(
  points: readonly { x: number; y: number }[],
  width: number,
  height: number,
): { x: number; y: number } {
  if (points.length === 0) return { x: 0, y: 0 };
  const middle = middleOf(points);
  if (points.length > MAX_WINDOW_POINTS) return middle;
  let best = { count: 0, distance: Infinity, centre: middle };
  for (const left of new Set(points.map((p) => p.x)))
    for (const top of new Set(points.map((p) => p.y))) {
      const held = points.filter((p) => p.x >= left && p.x <= left + width && p.y >= top && p.y <= top + height);
      const centre = middleOf(held);
      const distance = Math.hypot(centre.x - middle.x, centre.y - middle.y);
      if (held.length > best.count || (held.length === best.count && distance < best.distance))
        best = { count: held.length, distance, centre };
    }
  return best.centre;
}

/** A box on screen (rendered px): left, top, right, bottom. */
export interface ScreenBox {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * The smallest pan (rendered px, to add to the view's pan) that brings `box` at least `margin` inside a view of
 * `width` × `height`; nothing when it is in already. A box larger than the view keeps its top-left corner in view.
 */
export function panIntoView(box: ScreenBox, width: number, height: number, margin = 30): { x: number; y: number } {
  const along = (low: number, high: number, size: number): number => {
    if (low < margin) return margin - low;
    if (high > size - margin) return Math.max(size - margin - high, margin - low);
    return 0;
  };
  return { x: along(box.x1, box.x2, width), y: along(box.y1, box.y2, height) };
}
