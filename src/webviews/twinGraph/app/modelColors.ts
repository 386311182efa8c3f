// One colour per model in the twin graph, distinct for the first twelve models of a graph (a qualitative palette
// that stays readable on light and dark themes), then spread around the hue circle by the golden angle.
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
];

export class ModelColors {
  private readonly assigned = new Map<string, string>();

  /** The model's colour: the next free one the first time a model is seen, the same one after. */
  of(modelId: string): string {
    let colour = this.assigned.get(modelId);
    if (!colour) {
      const index = this.assigned.size;
      colour = index < PALETTE.length ? PALETTE[index] : `hsl(${Math.round((index * 137.508) % 360)}, 55%, 55%)`;
      this.assigned.set(modelId, colour);
    }
    return colour;
  }
}
