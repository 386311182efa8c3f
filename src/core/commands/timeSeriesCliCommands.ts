import { collect } from '../api/paging';
import { checkTimeSeriesEntries } from '../api/requestChecks';
import { checkTelemetryTargets } from '../api/telemetryTargets';
import type { BuildingTwinsApi, TimeSeriesData, TimeSeriesEntry, TimeSeriesQuery } from '../api/types';
import { flag, intOption, stringOption, UsageError, type CliCommand, type CommandInput } from './cliCommand';

const COLUMNS = ['twinId', 'sourceTimestamp', 'scalarValue', 'connectorId'];
/** The range read when --start and --end are not given: the last day. */
const DEFAULT_RANGE_MS = 24 * 60 * 60 * 1000;
/** What `latest` shows for a twin without a value: the service looks back only one hour. */
const NO_RECENT_VALUE = 'no value in the last hour';

/** The service requires `start` and `end` (both included): the last day up to --end (or now) unless given. */
function rangeQuery(input: CommandInput, now = Date.now()): TimeSeriesQuery {
  const end = stringOption(input, 'end') ?? new Date(now).toISOString();
  const endTime = Date.parse(end);
  if (Number.isNaN(endTime)) throw new UsageError(`--end must be an ISO 8601 date-time, got "${end}"`);
  const q: TimeSeriesQuery = {
    start: stringOption(input, 'start') ?? new Date(endTime - DEFAULT_RANGE_MS).toISOString(),
    end,
  };
  const pageSize = intOption(input, 'page-size');
  const token = stringOption(input, 'continuation-token');
  if (pageSize !== undefined) q.pageSize = pageSize;
  if (token) q.continuationToken = token;
  if (flag(input, 'data-quality')) q.includeDataQuality = true;
  return q;
}

/**
 * Refuses, sending nothing, when an entry names a twin that does not exist or is not a Capability: the
 * service would accept the request and drop those values without a word.
 */
async function checkTargets(client: BuildingTwinsApi, entries: TimeSeriesEntry[], signal: AbortSignal): Promise<void> {
  const { problems } = await checkTelemetryTargets(client, entries, { signal });
  if (!problems.length) return;
  const listed = problems
    .slice(0, 5)
    .map((p) => `${p.message} (entries ${p.indexes.slice(0, 5).join(', ')}${p.indexes.length > 5 ? ', …' : ''})`);
  const more = problems.length > listed.length ? `; ${problems.length - listed.length} more` : '';
  throw new Error(
    `nothing was sent: the service would drop these values without a word: ${listed.join('; ')}${more}. --skip-check sends anyway`,
  );
}

/** One row per twin asked for, in that order: its latest value, or a note that it has none in the last hour. */
function latestRows(
  twinIds: string[],
  points: TimeSeriesData[],
): Array<TimeSeriesData | { twinId: string; message: string }> {
  const byTwin = new Map(points.map((p) => [p.twinId, p]));
  return twinIds.map((twinId) => byTwin.get(twinId) ?? { twinId, message: NO_RECENT_VALUE });
}

export const timeSeriesCliCommands: CliCommand[] = [
  {
    words: ['timeseries', 'send'],
    write: true,
    summary:
      'Send values (not retried: a repeat would store them twice); first checks that every twin exists and is a Capability, as the service drops other values without a word',
    body: 'an array of {connectorId, dtId|externalId, sourceTimestamp, scalarValue} (twinId is sent as dtId)',
    options: {
      'skip-check': {
        type: 'boolean',
        description: 'send without first checking that every twin exists and is a Capability',
      },
    },
    run: async (ctx, input) => {
      const entries = (await ctx.readJson()) as TimeSeriesEntry[];
      checkTimeSeriesEntries('sendTimeSeries', entries);
      const client = ctx.client();
      if (!flag(input, 'skip-check')) await checkTargets(client, entries, ctx.signal);
      return client.sendTimeSeries(entries, { signal: ctx.signal });
    },
  },
  {
    words: ['timeseries', 'get'],
    summary: 'Values of one twin, or of several, between --start and --end (both included; the last day by default)',
    args: '<twinId...>',
    arity: [1, Infinity],
    options: {
      start: { type: 'string', value: '<iso>', description: 'from this time (default: one day before --end)' },
      end: { type: 'string', value: '<iso>', description: 'up to and including this time (default: now)' },
      'page-size': { type: 'string', value: '<n>', description: 'values per page (default 1000)' },
      'continuation-token': { type: 'string', value: '<token>', description: 'continue from this page' },
      'data-quality': { type: 'boolean', description: 'include data quality flags' },
      all: { type: 'boolean', description: 'follow every page and print all values as one array' },
    },
    columns: COLUMNS,
    run: (ctx, input) => {
      const client = ctx.client();
      const q = rangeQuery(input);
      const o = { signal: ctx.signal };
      const [first] = input.args as [string];
      if (input.args.length === 1)
        return flag(input, 'all') ? collect(client.iterateTimeSeries(first, q, o)) : client.getTimeSeries(first, q, o);
      return flag(input, 'all')
        ? collect(client.iterateTimeSeriesByIds(input.args, q, o))
        : client.getTimeSeriesByIds(input.args, q, o);
    },
  },
  {
    words: ['timeseries', 'latest'],
    summary: `The latest value of one twin, or of several, within the last hour (otherwise "${NO_RECENT_VALUE}")`,
    args: '<twinId...>',
    arity: [1, Infinity],
    columns: [...COLUMNS, 'message'],
    run: async (ctx, input) => {
      const o = { signal: ctx.signal };
      if (input.args.length > 1)
        return latestRows(input.args, await ctx.client().getLatestTimeSeriesByIds(input.args, o));
      const [twinId] = input.args as [string];
      const point = await ctx.client().getLatestTimeSeries(twinId, {}, o);
      return point ?? { twinId, message: NO_RECENT_VALUE };
    },
  },
];
