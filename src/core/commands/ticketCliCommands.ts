import { collect, iterateBatchPages } from '../api/paging';
import type { BuildingTwinsApi, CreateTicketRequest, JsonPatchOperation, TicketMetadataKind } from '../api/types';
import { stringOption, UsageError, type CliCommand, type CliContext, type CommandInput } from './cliCommand';
import { BATCH_OPTIONS, listBatch } from './listOptions';

/** `tickets <kind>` lists every item; `tickets <kind> create <name>`; `tickets <kind> rename <id> <name>`. */
function metadataCommand(kind: TicketMetadataKind): CliCommand {
  return {
    words: ['tickets', kind],
    summary: `List ${kind} (all pages); or "create <name>", or "rename <id> <name>"`,
    args: '[create <name> | rename <id> <name>]',
    arity: [0, 3],
    columns: ['id', 'name'],
    run: (ctx: CliContext, input: CommandInput) => {
      const client: BuildingTwinsApi = ctx.client();
      const o = { signal: ctx.signal };
      const [action, a, b] = input.args;
      if (action === undefined || action === 'list') {
        return collect(iterateBatchPages((page) => client.listTicketMetadata(kind, { page }, o)));
      }
      if (action === 'create' && a !== undefined && b === undefined) return client.createTicketMetadata(kind, a, o);
      if (action === 'rename' && a !== undefined && b !== undefined) return client.renameTicketMetadata(kind, a, b, o);
      throw new UsageError(
        `expected "tickets ${kind}", "tickets ${kind} create <name>" or "tickets ${kind} rename <id> <name>"`,
      );
    },
  };
}

export const ticketCliCommands: CliCommand[] = [
  {
    words: ['tickets', 'list'],
    summary: 'List tickets (100 per page unless --page-size, at most 1000)',
    options: BATCH_OPTIONS,
    columns: ['id', 'summary', 'ticketStatus.name', 'ticketPriority.name', 'twinId'],
    run: (ctx, input) =>
      listBatch(
        ctx,
        input,
        (req) => ctx.client().listTickets(req, { signal: ctx.signal }),
        (req) => ctx.client().iterateTickets(req, { signal: ctx.signal }),
      ),
  },
  {
    words: ['tickets', 'get'],
    summary: 'Retrieve a ticket',
    args: '<ticketId>',
    arity: [1, 1],
    run: (ctx, input) => ctx.client().getTicket(input.args[0] as string, { signal: ctx.signal }),
  },
  {
    words: ['tickets', 'create'],
    write: true,
    summary: 'Create a ticket',
    body: 'a create-ticket request {summary, description?, twinId?, priorityId?, …}',
    run: async (ctx) =>
      ctx.client().createTicket((await ctx.readJson()) as CreateTicketRequest, { signal: ctx.signal }),
  },
  {
    words: ['tickets', 'patch'],
    write: true,
    summary: 'Update a ticket with a JSON Patch (replace operations on updatable properties only)',
    args: '<ticketId>',
    arity: [1, 1],
    body: 'a JSON Patch array of replace operations',
    run: async (ctx, input) =>
      ctx
        .client()
        .patchTicket(input.args[0] as string, (await ctx.readJson()) as JsonPatchOperation[], { signal: ctx.signal }),
  },
  {
    words: ['tickets', 'attachment'],
    summary: 'Download an attachment (to --out, or raw to stdout)',
    args: '<ticketId> <attachmentId>',
    arity: [2, 2],
    options: {
      out: { type: 'string', value: '<file>', description: 'write the attachment to this file and print its details' },
    },
    run: async (ctx, input) => {
      const attachment = await ctx
        .client()
        .getTicketAttachment(input.args[0] as string, input.args[1] as string, { signal: ctx.signal });
      const out = stringOption(input, 'out');
      if (!out) return attachment.content;
      await ctx.writeFile(out, attachment.content);
      return {
        file: out,
        fileName: attachment.fileName ?? null,
        contentType: attachment.contentType,
        size: attachment.content.byteLength,
      };
    },
  },
  {
    words: ['tickets', 'statuses'],
    summary: 'List ticket statuses',
    columns: ['id', 'name', 'tab', 'color'],
    run: (ctx) => ctx.client().listTicketStatuses({ signal: ctx.signal }),
  },
  {
    words: ['tickets', 'priorities'],
    summary: 'List ticket priorities',
    columns: ['id', 'name', 'priorityLevel'],
    run: (ctx) => ctx.client().listTicketPriorities({ signal: ctx.signal }),
  },
  metadataCommand('categories'),
  metadataCommand('job-types'),
  metadataCommand('service-needed'),
];
