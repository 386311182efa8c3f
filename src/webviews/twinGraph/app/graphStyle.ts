// What the twin graph and the model graph draw alike: nodes with their labels below (cut at LABEL_MAX_PX in the
// page's font), edges with their names, the root, the selection, search matches and highlighted edges, in the
// theme's colours. Each page adds the rules of its own kinds of nodes and edges.
import type cytoscape from 'cytoscape';
import { themeColor } from '../../shared/app/dom';
import { NODE_LABEL_PX } from './graphView';

/** A resize is drawn once it has settled: the canvas takes its new size and shows the focus again. */
export const RESIZE_SETTLE_MS = 150;
/** Node labels are drawn at most this wide (graphView.ts spaces the layouts for it); about 18 characters. */
const LABEL_MAX_PX = 110;
const LABEL_MAX_CHARS = 18;
/** Cytoscape draws each element's own `label` (a name): a mapping, not text. */
const LABEL_FROM_DATA = 'data(label)';

/** The page's font, which node labels are drawn and measured in. */
function labelFont(): string {
  return getComputedStyle(document.body).fontFamily || 'sans-serif';
}

/** Measures node labels: whether one is drawn whole (the canvas cuts a wider one at its end). */
export function labelMeasure(): (text: string) => boolean {
  const context = document.createElement('canvas').getContext('2d');
  return (text) => {
    if (!context) return text.length <= LABEL_MAX_CHARS;
    context.font = `${NODE_LABEL_PX}px ${labelFont()}`;
    return context.measureText(text).width <= LABEL_MAX_PX;
  };
}

/** The theme's colours a graph is drawn in. */
export interface GraphColours {
  fg: string;
  bg: string;
  edge: string;
  focus: string;
}

export function graphColours(): GraphColours {
  return {
    fg: themeColor('--vscode-foreground', '#cccccc'),
    bg: themeColor('--vscode-editor-background', '#1e1e1e'),
    edge: themeColor('--vscode-descriptionForeground', '#999999'),
    focus: themeColor('--vscode-focusBorder', '#007fd4'),
  };
}

type Rule = cytoscape.StylesheetJson extends ReadonlyArray<infer R> ? R : never;

/**
 * The shared rules with a page's own: `node` adds to every node's style, `nodes` come after the root's rule (before
 * matches and the selection, which win), `edges` after the edge rule (before highlighted edges).
 */
export function graphStyle(
  { fg, bg, edge, focus }: GraphColours,
  own: { node?: Record<string, unknown>; nodes?: Rule[]; edges?: Rule[] } = {},
): cytoscape.StylesheetJson {
  return [
    {
      selector: 'node',
      style: {
        'background-color': 'data(colour)',
        label: LABEL_FROM_DATA,
        color: fg,
        'font-size': NODE_LABEL_PX,
        'text-valign': 'bottom',
        'text-margin-y': 4,
        'text-outline-color': bg,
        'text-outline-width': 2,
        'font-family': labelFont(),
        'text-wrap': 'ellipsis',
        'text-max-width': `${LABEL_MAX_PX}px`,
        'min-zoomed-font-size': 7,
        width: 22,
        height: 22,
        ...own.node,
      },
    },
    { selector: 'node[root = 1]', style: { width: 32, height: 32, 'border-width': 3, 'border-color': fg } },
    ...(own.nodes ?? []),
    {
      selector: 'node[match = 1]',
      style: {
        'border-width': 4,
        'border-color': themeColor('--vscode-editor-findMatchBorder', '#f9a825'),
        'min-zoomed-font-size': 0,
      },
    },
    { selector: 'node:selected', style: { 'border-width': 3, 'border-color': focus } },
    {
      selector: 'edge',
      style: {
        width: 1.5,
        'line-color': edge,
        'target-arrow-color': edge,
        'target-arrow-shape': 'triangle',
        'curve-style': 'bezier',
        label: LABEL_FROM_DATA,
        'font-size': 9,
        color: edge,
        'text-rotation': 'autorotate',
        'text-outline-color': bg,
        'text-outline-width': 2,
        'min-zoomed-font-size': 11,
      },
    },
    ...(own.edges ?? []),
    // The names of the selected element's edges stay readable at any zoom.
    {
      selector: 'edge[highlight = 1]',
      style: { 'min-zoomed-font-size': 0, 'line-color': focus, 'target-arrow-color': focus, 'z-index': 10 },
    },
  ] as cytoscape.StylesheetJson;
}
