// One colour per model in the twin graph, the same in every graph and in light and dark themes: a model's id picks
// its colour from a qualitative palette readable on both (so "Room" is the same colour whichever twin the graph is
// drawn around, whatever order the models arrive in). Two models of one graph with the same colour are told apart by
// their nodes' shape: the model whose id sorts first is a circle, the next a rounded square, and so on.
const PALETTE = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
  '#17becf',
  '#bcbd22',
  '#8c6bb1',
  '#2ca25f',
  '#d95f0e',
  '#3182bd',
];

/** Node shapes (cytoscape's names) for models sharing a colour, in turn. */
export const MODEL_SHAPES = ['ellipse', 'round-rectangle', 'diamond', 'round-triangle', 'hexagon', 'star'] as const;
export type ModelShape = (typeof MODEL_SHAPES)[number];

export interface ModelMark {
  colour: string;
  shape: ModelShape;
}

/** The palette slot a model id picks (FNV-1a over its characters). */
export function preferredSlot(modelId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < modelId.length; i++) hash = Math.imul(hash ^ modelId.charCodeAt(i), 0x01000193) >>> 0;
  return hash % PALETTE.length;
}

/** The colour of a model: the same in every graph. */
export function modelColour(modelId: string): string {
  return PALETTE[preferredSlot(modelId)];
}

/** How each model of a graph is drawn: its colour, and a shape of its own among the models sharing that colour. */
export function modelMarks(modelIds: Iterable<string>): Map<string, ModelMark> {
  const sharing = new Map<number, number>();
  const marks = new Map<string, ModelMark>();
  for (const id of [...new Set(modelIds)].sort()) {
    const slot = preferredSlot(id);
    const rank = sharing.get(slot) ?? 0;
    sharing.set(slot, rank + 1);
    marks.set(id, { colour: PALETTE[slot], shape: MODEL_SHAPES[rank % MODEL_SHAPES.length] });
  }
  return marks;
}
