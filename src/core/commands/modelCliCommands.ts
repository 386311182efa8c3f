import { flag, stringOption, type CliCommand } from './cliCommand';

export const modelCliCommands: CliCommand[] = [
  {
    words: ['models', 'list'],
    summary: 'List models',
    options: {
      root: { type: 'string', value: '<dtmi>', description: 'only this model and what it depends on' },
      definitions: { type: 'boolean', description: 'include the DTDL definitions' },
    },
    columns: ['id', 'displayName', 'uploadTime'],
    run: (ctx, input) =>
      ctx
        .client()
        .listModels(
          { rootModel: stringOption(input, 'root'), includeModelDefinitions: flag(input, 'definitions') },
          { signal: ctx.signal },
        ),
  },
  {
    words: ['models', 'get'],
    summary: 'Retrieve a model with its DTDL definition',
    args: '<dtmi>',
    arity: [1, 1],
    run: (ctx, input) => ctx.client().getModel(input.args[0] as string, { signal: ctx.signal }),
  },
];
