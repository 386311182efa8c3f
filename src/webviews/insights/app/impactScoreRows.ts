// An insight's impact scores as table rows; undefined when the value is not a list of scores (then it is shown as JSON).

export interface ImpactScoreRow {
  name: string;
  value: string;
  unit: string;
}

export function impactScoreRows(value: unknown, formatNumber: (n: number) => string): ImpactScoreRow[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const rows: ImpactScoreRow[] = [];
  for (const item of value as unknown[]) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
    const { name, value: score, unit } = item as Record<string, unknown>;
    if (
      typeof name !== 'string' ||
      (typeof score !== 'number' && typeof score !== 'string') ||
      (unit !== undefined && unit !== null && typeof unit !== 'string')
    )
      return undefined;
    rows.push({
      name,
      value: typeof score === 'number' ? formatNumber(score) : score,
      unit: typeof unit === 'string' ? unit : '',
    });
  }
  return rows;
}
