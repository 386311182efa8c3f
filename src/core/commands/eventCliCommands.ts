import { basename } from 'node:path';
import type { BuildingEvent, EventsFileUploadResult } from '../api/types';
import { PartialFailure, type CliCommand } from './cliCommand';
import { BATCH_OPTIONS, listBatch } from './listOptions';

export const eventCliCommands: CliCommand[] = [
  {
    words: ['events', 'list'],
    summary: 'List events',
    options: BATCH_OPTIONS,
    columns: ['id', 'name', 'eventTypeId', 'startTime', 'twinId'],
    run: (ctx, input) =>
      listBatch(
        ctx,
        input,
        (req) => ctx.client().listEvents(req, { signal: ctx.signal }),
        (req) => ctx.client().iterateEvents(req, { signal: ctx.signal }),
      ),
  },
  {
    words: ['events', 'get'],
    summary: 'Retrieve an event',
    args: '<eventId>',
    arity: [1, 1],
    run: (ctx, input) => ctx.client().getEvent(input.args[0] as string, { signal: ctx.signal }),
  },
  {
    words: ['events', 'put'],
    write: true,
    summary: 'Create or update events',
    body: 'an event or an array of events',
    run: async (ctx) => {
      const body = await ctx.readJson();
      return ctx.client().putEvents((Array.isArray(body) ? body : [body]) as BuildingEvent[], { signal: ctx.signal });
    },
  },
  {
    words: ['events', 'delete'],
    write: true,
    summary: 'Delete events',
    args: '<eventId...>',
    arity: [1, Infinity],
    run: (ctx, input) => ctx.client().deleteEvents(input.args, { signal: ctx.signal }),
  },
  {
    words: ['events', 'types'],
    summary: 'List the event types',
    columns: ['id', 'name', 'description'],
    run: (ctx) => ctx.client().listEventTypes({ signal: ctx.signal }),
  },
  {
    words: ['events', 'upload'],
    write: true,
    summary: 'Upload events from JSON or CSV files (exit code 1 when the service rejected any row)',
    args: '<file...>',
    arity: [1, Infinity],
    run: async (ctx, input) => {
      const files = await Promise.all(
        input.args.map(async (path) => ({ name: basename(path), content: await ctx.readFile(path) })),
      );
      return withRejectedRows(await ctx.client().uploadEventFiles(files, { signal: ctx.signal }));
    },
  },
];

/** The upload result, as a PartialFailure when the service rejected rows (it answers 200 even if it rejected every row). */
function withRejectedRows(result: EventsFileUploadResult): EventsFileUploadResult | PartialFailure {
  const rejected = result.errors?.length ?? 0;
  if (!rejected) return result;
  const stored = (result.eventsCreatedCount ?? 0) + (result.eventsUpdatedCount ?? 0);
  const first = result.errors[0]!;
  return new PartialFailure(
    result,
    `the service rejected ${rejected} row(s) and stored ${stored} event(s); first: ${first.file} row ${first.row}: ${first.message}`,
  );
}
