import { collect } from '../../core/api/paging';
import type { TimeSeriesEntry, TimeSeriesQuery } from '../../core/api/types';
import { flag, intOption, stringOption, type CliCommand, type CommandInput } from '../cliCommand';

const COLUMNS = ['twinId', 'sourceTimestamp', 'scalarValue', 'connectorId'];

function query(input: CommandInput): TimeSeriesQuery {
  const q: TimeSeriesQuery = {};
  const start = stringOption(input, 'start');
  const end = stringOption(input, 'end');
  const pageSize = intOption(input, 'page-size');
  const token = stringOption(input, 'continuation-token');
  if (start) q.start = start;
  if (end) q.end = end;
  if (pageSize !== undefined) q.pageSize = pageSize;
  if (token) q.continuationToken = token;
  if (flag(input, 'data-quality')) q.includeDataQuality = true;
  return q;
}

export const timeSeriesCommands: CliCommand[] = [
  {
    words: ['timeseries', 'send'],
    summary: 'Insert values (not retried: a repeat would store them twice)',
    body: 'an array of {connectorId, dtId|externalId, sourceTimestamp, scalarValue}',
    run: async (ctx) => ctx.client().sendTimeSeries((await ctx.readJson()) as TimeSeriesEntry[], { signal: ctx.signal }),
  },
  {
    words: ['timeseries', 'get'],
    summary: 'Values of one twin, or of several (then --start and --end are required)',
    args: '<twinId...>',
    arity: [1, Infinity],
    options: {
      start: { type: 'string', value: '<iso>', description: 'from this time' },
      end: { type: 'string', value: '<iso>', description: 'up to this time' },
      'page-size': { type: 'string', value: '<n>', description: 'values per page' },
      'continuation-token': { type: 'string', value: '<token>', description: 'continue from this page' },
      'data-quality': { type: 'boolean', description: 'include data quality flags' },
      all: { type: 'boolean', description: 'follow every page and print all values as one array' },
    },
    columns: COLUMNS,
    run: (ctx, input) => {
      const client = ctx.client();
      const q = query(input);
      const o = { signal: ctx.signal };
      const [first] = input.args as [string];
      if (input.args.length === 1) return flag(input, 'all') ? collect(client.iterateTimeSeries(first, q, o)) : client.getTimeSeries(first, q, o);
      return flag(input, 'all') ? collect(client.iterateTimeSeriesByIds(input.args, q, o)) : client.getTimeSeriesByIds(input.args, q, o);
    },
  },
  {
    words: ['timeseries', 'latest'],
    summary: 'The latest value of one twin (null when it has none), or of several',
    args: '<twinId...>',
    arity: [1, Infinity],
    columns: COLUMNS,
    run: (ctx, input) => input.args.length === 1
      ? ctx.client().getLatestTimeSeries(input.args[0] as string, {}, { signal: ctx.signal })
      : ctx.client().getLatestTimeSeriesByIds(input.args, { signal: ctx.signal }),
  },
];
