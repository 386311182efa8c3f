// Time series tools: a range summarised per twin (count, min, max, mean, first and last, optionally a few
// downsampled points), and the latest values.

import type { TimeSeriesData } from '../api/types';
import { lttb } from '../timeSeries/lttb';
import { isRangePreset, parseRange, presetRange, RANGE_PRESETS, type TimeRange } from '../timeSeries/timeRange';
import type { AgentToolContext, ReadTool } from './agentTool';
import { ToolInputError } from './agentTool';
import { jsonLength, MAX_ANSWER_CHARS, roomFor } from './toolAnswer';

/** Values read per call at most; past it the summary says where it stopped. */
const MAX_VALUES_READ = 200_000;
const MAX_TWINS = 10;
const MAX_POINTS = 200;

interface SeriesInput {
  twinIds: string[];
  range?: string;
  start?: string;
  end?: string;
  points?: number;
}

class SeriesSummary {
  count = 0;
  min = Infinity;
  max = -Infinity;
  sum = 0;
  first?: TimeSeriesData;
  last?: TimeSeriesData;
  readonly x: number[] = [];
  readonly y: number[] = [];
  private sorted?: { x: Float64Array; y: Float64Array };

  add(row: TimeSeriesData, time: number, keepPoints: boolean): void {
    const v = row.scalarValue;
    this.count++;
    if (v < this.min) this.min = v;
    if (v > this.max) this.max = v;
    this.sum += v;
    if (!this.first || time < Date.parse(this.first.sourceTimestamp)) this.first = row;
    if (!this.last || time >= Date.parse(this.last.sourceTimestamp)) this.last = row;
    if (keepPoints) {
      this.x.push(time);
      this.y.push(v);
    }
  }

  toJson(points: number, unit: string | undefined): Record<string, unknown> {
    if (!this.count) return { count: 0, ...(unit ? { unit } : {}) };
    const out: Record<string, unknown> = {
      ...(unit ? { unit } : {}),
      count: this.count,
      min: round(this.min),
      max: round(this.max),
      mean: round(this.sum / this.count),
      first: { time: this.first!.sourceTimestamp, value: this.first!.scalarValue },
      last: { time: this.last!.sourceTimestamp, value: this.last!.scalarValue },
    };
    if (points > 0) {
      const kept = lttb(this.inTimeOrder(), points);
      out.points = Array.from(kept.x, (t, i) => [new Date(t).toISOString(), round(kept.y[i]!)]);
    }
    return out;
  }

  private inTimeOrder(): { x: Float64Array; y: Float64Array } {
    if (!this.sorted) {
      const order = this.x.map((_, i) => i).sort((a, b) => this.x[a]! - this.x[b]!);
      this.sorted = { x: Float64Array.from(order, (i) => this.x[i]!), y: Float64Array.from(order, (i) => this.y[i]!) };
    }
    return this.sorted;
  }
}

/** Six significant digits: enough for a model to reason, far fewer characters. */
function round(value: number): number {
  return Number.isFinite(value) ? Number(value.toPrecision(6)) : value;
}

function rangeOf(input: { range?: string; start?: string; end?: string }, ctx: AgentToolContext): TimeRange {
  if (input.start || input.end) {
    if (!input.start || !input.end)
      throw new ToolInputError(
        'give both start and end (ISO 8601, e.g. 2026-11-01T00:00:00Z), or a range such as "7d"',
      );
    try {
      return parseRange(input.start, input.end);
    } catch (error) {
      throw new ToolInputError((error as Error).message);
    }
  }
  const preset = input.range ?? '24h';
  if (!isRangePreset(preset)) throw new ToolInputError(`range must be one of ${RANGE_PRESETS.join(', ')}`);
  return presetRange(preset, ctx.now());
}

/** 200000 -> "200,000" without Intl: this text is built when the extension loads, and the first toLocaleString costs ~20 ms. */
const withThousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const timeSeriesTool: ReadTool<SeriesInput> = {
  name: 'time_series',
  title: 'Summarise time series',
  access: 'read',
  whenCut: 'ask for fewer twins, fewer points or a shorter range',
  description: `Summarises the telemetry of up to ${MAX_TWINS} capability twins (sensors, setpoints) over a time range: per twin its unit (the twin's unit property, e.g. degC), count, min, max, mean, first and last value, and with points > 0 that many downsampled points (LTTB, keeps the shape) for charting or trends; when the points would not fit the answer, fewer per twin, still spanning the whole range, and cut says so. The range is the last 1h, 24h (default), 7d or 30d, or start and end. Reads at most ${withThousands(MAX_VALUES_READ)} values; past that it says where it stopped.`,
  inputSchema: {
    type: 'object',
    properties: {
      twinIds: {
        type: 'array',
        items: { type: 'string', minLength: 1 },
        minItems: 1,
        maxItems: MAX_TWINS,
        description: 'Capability twin ids (find_twins or walk_graph find them).',
      },
      range: { type: 'string', enum: [...RANGE_PRESETS], description: 'The last 1h, 24h, 7d or 30d (default 24h).' },
      start: { type: 'string', description: 'Range start, ISO 8601 (with end, instead of range).' },
      end: { type: 'string', description: 'Range end, ISO 8601.' },
      points: {
        type: 'integer',
        minimum: 0,
        maximum: MAX_POINTS,
        description: `Downsampled points per twin (default 0: summary only, at most ${MAX_POINTS}).`,
      },
    },
    required: ['twinIds'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { start: { type: 'string' }, end: { type: 'string' }, series: { type: 'object' } },
    required: ['start', 'end', 'series'],
  },
  async run(input, ctx) {
    const range = rangeOf(input, ctx);
    const points = input.points ?? 0;
    const ids = [...new Set(input.twinIds)];
    const summaries = new Map(ids.map((id) => [id, new SeriesSummary()]));
    const missing = new Set<string>();
    let read = 0;
    let stoppedAt: string | undefined;
    const query = { start: new Date(range.start).toISOString(), end: new Date(range.end).toISOString() };
    // Each twin's unit (its `unit` property) is read beside the values, in one request for all of them.
    const units = unitsOfTwins(ids, ctx);
    pages: for await (const page of ctx.api.iterateTimeSeriesByIdsPages(ids, query, { signal: ctx.signal })) {
      for (const id of page.errorData?.ids ?? []) missing.add(id);
      for (const row of page.data ?? []) {
        const summary = summaries.get(row.twinId ?? '');
        if (!summary) continue;
        if (read >= MAX_VALUES_READ) {
          stoppedAt = row.sourceTimestamp;
          break pages;
        }
        summary.add(row, Date.parse(row.sourceTimestamp), points > 0);
        read++;
      }
    }
    const unitOf = await units;
    const seriesWith = (perTwin: number) =>
      Object.fromEntries(
        ids.map((id) => [
          id,
          missing.has(id) ? { missing: 'no such twin' } : summaries.get(id)!.toJson(perTwin, unitOf.get(id)),
        ]),
      );
    const notes = stoppedAt
      ? [
          `read the first ${MAX_VALUES_READ} values (up to ${stoppedAt}); ask for a shorter range or fewer twins for complete figures`,
        ]
      : [];
    const fitted = fitPoints(points, seriesWith, { ...query, cut: [...notes, POINTS_NOTE_ROOM].join('; ') }, ctx);
    if (fitted.perTwin < points)
      notes.push(
        fitted.perTwin > 0
          ? `points: ${fitted.perTwin} per twin instead of ${points}, downsampled over each series' whole range (${query.start} to ${query.end}) to fit the answer; ask for fewer twins for more points each`
          : `points: none, as not even 2 per twin fit the answer beside the summaries; ask for fewer twins to get points`,
      );
    return { ...query, series: fitted.series, ...(notes.length ? { cut: notes.join('; ') } : {}) };
  },
};

/** Room kept for the note saying how many points each twin has. */
const POINTS_NOTE_ROOM = ' '.repeat(260);

/**
 * The series with as many points per twin (at most `asked`) as fit the answer's cap beside `rest`: fewer points
 * are downsampled again over the whole range (LTTB keeps the first and last), never the oldest kept.
 */
function fitPoints(
  asked: number,
  seriesWith: (perTwin: number) => Record<string, unknown>,
  rest: Record<string, unknown>,
  ctx: AgentToolContext,
): { perTwin: number; series: Record<string, unknown> } {
  const room = roomFor(rest, ctx.answerChars ?? MAX_ANSWER_CHARS);
  let series = seriesWith(asked);
  if (asked === 0 || jsonLength(series, room) <= room) return { perTwin: asked, series };
  const bare = jsonLength(seriesWith(0));
  const lines = Object.values(series).filter((s) => Array.isArray((s as { points?: unknown }).points)).length;
  // A first guess from the size of a point, then fewer until it fits.
  const perPoint = (jsonLength(series) - bare) / Math.max(1, lines * asked);
  let perTwin = Math.min(asked - 1, Math.floor((room - bare) / Math.max(1, lines * perPoint)));
  for (; perTwin >= 2; perTwin = Math.min(perTwin - 1, Math.floor(perTwin * 0.9))) {
    series = seriesWith(perTwin);
    if (jsonLength(series, room) <= room) return { perTwin, series };
  }
  return { perTwin: 0, series: seriesWith(0) };
}

/**
 * The twins' units (their `unit` property) by id, read with one POST /twins/ids (the twins' rate limit counts each
 * request); a twin without one, or units that cannot be read, are left out (a missing twin is reported apart).
 */
async function unitsOfTwins(ids: string[], ctx: AgentToolContext): Promise<Map<string, string>> {
  const units = new Map<string, string>();
  try {
    for (const twin of (await ctx.api.getTwinsByIds(ids, {}, { signal: ctx.signal })).twins) {
      const unit = twin.contents?.unit;
      if (typeof unit === 'string' && unit) units.set(twin.id, unit);
    }
  } catch {
    // The summary stands without units.
  }
  return units;
}

export const latestValuesTool: ReadTool<{ twinIds: string[] }> = {
  name: 'latest_values',
  title: 'Latest values',
  access: 'read',
  whenCut: 'ask for fewer twins',
  description:
    "The latest telemetry value of up to 50 capability twins within the last hour (the service's window): value and time per twin; twins with no value in that hour are listed under noRecentValue.",
  inputSchema: {
    type: 'object',
    properties: {
      twinIds: {
        type: 'array',
        items: { type: 'string', minLength: 1 },
        minItems: 1,
        maxItems: 50,
        description: 'Capability twin ids.',
      },
    },
    required: ['twinIds'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { latest: { type: 'object' }, noRecentValue: { type: 'array' } },
    required: ['latest', 'noRecentValue'],
  },
  async run(input, ctx) {
    const ids = [...new Set(input.twinIds)];
    const rows = await ctx.api.getLatestTimeSeriesByIds(ids, { signal: ctx.signal });
    const latest = new Map<string, unknown>();
    for (const row of rows) {
      const id = row.twinId ?? '';
      if (ids.includes(id)) latest.set(id, { value: round(row.scalarValue), time: row.sourceTimestamp });
    }
    return { latest: Object.fromEntries(latest), noRecentValue: ids.filter((id) => !latest.has(id)) };
  },
};
