// The points of a chart in a tool's answer (time_series with points > 0), as data of their own for the consumers
// of a tool result that draw or compute rather than read (VS Code 1.106+ data parts, see extension/agents/toolResultParts.ts).

/** The media type of the data part; a vendor type so a chat does not mistake it for text to show or send on. */
export const CHART_POINTS_MIME = 'application/vnd.building-twins.chart-points+json';

export interface ChartPoints {
  start?: string;
  end?: string;
  /** One line per twin, points in time order as [ISO time, value]. */
  series: Array<{ twinId: string; points: Array<[string, number]> }>;
}

const isPoint = (p: unknown): p is [string, number] =>
  Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && typeof p[1] === 'number';

/** The chart points in a tool's answer data, or undefined when it has none (a summary without points, an error). */
export function chartPointsOf(data: Record<string, unknown>): ChartPoints | undefined {
  const series = data.series;
  if (!series || typeof series !== 'object' || Array.isArray(series)) return undefined;
  const lines: ChartPoints['series'] = [];
  for (const [twinId, summary] of Object.entries(series as Record<string, unknown>)) {
    const points = (summary as { points?: unknown } | null)?.points;
    if (Array.isArray(points) && points.length > 0 && points.every(isPoint)) lines.push({ twinId, points });
  }
  if (lines.length === 0) return undefined;
  return {
    ...(typeof data.start === 'string' ? { start: data.start } : {}),
    ...(typeof data.end === 'string' ? { end: data.end } : {}),
    series: lines,
  };
}
