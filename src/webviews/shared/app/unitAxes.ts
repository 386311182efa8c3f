// Which y-axis each chart line uses: one axis per distinct unit (lines without a unit share one), in order of first
// appearance, alternating left and right so each axis sits beside its own labels.

export interface UnitAxis {
  /** The uPlot scale key of this axis. */
  scale: string;
  /** The unit the axis is labelled with; undefined for lines that name none. */
  unit?: string;
  side: 'left' | 'right';
}

export interface UnitAxisAssignment {
  axes: UnitAxis[];
  /** For each line (same order as the input), the index of its axis in `axes`. */
  lineAxis: number[];
}

export function assignUnitAxes(units: ReadonlyArray<string | undefined>): UnitAxisAssignment {
  const axes: UnitAxis[] = [];
  const byUnit = new Map<string, number>();
  const lineAxis = units.map((raw) => {
    const unit = raw?.trim() || undefined;
    const key = unit ?? '';
    let index = byUnit.get(key);
    if (index === undefined) {
      index = axes.length;
      byUnit.set(key, index);
      // Scale keys are ours (y0, y1…), never the unit text: a unit from the service cannot name uPlot's 'x' scale.
      axes.push({ scale: `y${index}`, unit, side: index % 2 === 0 ? 'left' : 'right' });
    }
    return index;
  });
  return { axes, lineAxis };
}
