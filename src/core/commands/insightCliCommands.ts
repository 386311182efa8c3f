import { flag, type CliCommand } from './cliCommand';
import { BATCH_OPTIONS, batchRequest, listBatch } from './listOptions';

export const insightCliCommands: CliCommand[] = [
  {
    words: ['insights', 'list'],
    summary:
      'List insights (pages count root insights; children come with their root; filter text with contains or like: startsWith, endsWith and notcontains fail on insights)',
    options: {
      ...BATCH_OPTIONS,
      'add-floor': { type: 'boolean', description: 'ask the service to add floor information' },
    },
    columns: ['id', 'scenarioId', 'name', 'twinId', 'priority', 'status'],
    run: async (ctx, input) => {
      const o = { signal: ctx.signal };
      if (flag(input, 'add-floor') && !flag(input, 'all')) {
        return ctx.client().listInsights(await batchRequest(ctx, input), { addFloor: true }, o);
      }
      return listBatch(
        ctx,
        input,
        (req) => ctx.client().listInsights(req, {}, o),
        (req) => ctx.client().iterateInsights(req, o),
      );
    },
  },
  {
    words: ['insights', 'get'],
    summary: 'Retrieve an insight',
    args: '<insightId>',
    arity: [1, 1],
    run: (ctx, input) => ctx.client().getInsight(input.args[0] as string, { signal: ctx.signal }),
  },
];
