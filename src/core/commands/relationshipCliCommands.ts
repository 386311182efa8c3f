import type { Relationship } from '../api/types';
import { stringOption, type CliCommand } from './cliCommand';

const COLUMNS = ['id', 'sourceId', 'name', 'targetId'];

export const relationshipCliCommands: CliCommand[] = [
  {
    words: ['relationships', 'put'],
    write: true,
    summary: 'Create or replace a relationship (its id is derived by the service)',
    body: 'a relationship {sourceId, targetId, name, properties?}',
    run: async (ctx) => ctx.client().putRelationship((await ctx.readJson()) as Relationship, { signal: ctx.signal }),
  },
  {
    words: ['relationships', 'get'],
    summary: 'Retrieve a relationship',
    args: '<twinId> <relationshipId>',
    arity: [2, 2],
    run: (ctx, input) =>
      ctx.client().getRelationship(input.args[0] as string, input.args[1] as string, { signal: ctx.signal }),
  },
  {
    words: ['relationships', 'outgoing'],
    summary: 'List the relationships from a twin',
    args: '<twinId>',
    arity: [1, 1],
    options: { name: { type: 'string', value: '<name>', description: 'only relationships of this name' } },
    columns: COLUMNS,
    run: (ctx, input) =>
      ctx
        .client()
        .listOutgoingRelationships(
          input.args[0] as string,
          { relationshipName: stringOption(input, 'name') },
          { signal: ctx.signal },
        ),
  },
  {
    words: ['relationships', 'incoming'],
    summary: 'List the relationships to a twin',
    args: '<twinId>',
    arity: [1, 1],
    columns: COLUMNS,
    run: (ctx, input) => ctx.client().listIncomingRelationships(input.args[0] as string, { signal: ctx.signal }),
  },
];
