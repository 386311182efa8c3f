// `building-twins emulator reload-models | delete-twin <id> | delete-relationship <id>`: the local emulator's admin
// routes. Only a loopback URL is accepted, so these never reach a real connection (the service has no such
// operations); the command line's own client signs in, so any client with every permission works.

import { isLoopbackHost } from '../core/api/baseUrl';
import { EmulatorAdmin } from '../core/api/emulatorAdmin';
import { modelReloadText } from '../core/api/modelReloadText';
import { PartialFailure, PRINTED, UsageError, type CliCommand, type CliContext } from '../core/commands/cliCommand';

function adminOf(ctx: CliContext, deletes = false): EmulatorAdmin {
  if (deletes && ctx.client().readOnly === true)
    throw new UsageError('the connection is read-only (--read-only or BUILDING_TWINS_READ_ONLY): nothing was deleted');
  const baseUrl = ctx.connectionVariables?.baseUrl;
  if (!baseUrl || !isLoopbackHost(new URL(baseUrl).hostname))
    throw new UsageError(
      `emulator commands only talk to a local emulator (a loopback URL), not ${baseUrl ?? 'this connection'}`,
    );
  return new EmulatorAdmin(baseUrl, {
    token: async () => (await ctx.client().getToken({ signal: ctx.signal })).access_token,
  });
}

export const emulatorCommands: CliCommand[] = [
  {
    words: ['emulator', 'reload-models'],
    summary:
      'Make the local emulator read its --models folders again: refused with the problems (the last good models stay) when there are any; lists the twins that no longer fit',
    run: async (ctx) => {
      const reload = await adminOf(ctx).reloadModels();
      const text = modelReloadText(reload, 'the models folder');
      ctx.printLine?.(text.summary);
      for (const line of text.details) ctx.printLine?.(line);
      return text.severity === 'error' ? new PartialFailure(PRINTED, text.summary) : PRINTED;
    },
  },
  {
    words: ['emulator', 'delete-twin'],
    summary: 'Delete a twin and every relationship from or to it, in the local emulator only',
    args: '<twin-id>',
    arity: [1, 1],
    write: true,
    run: (ctx, input) => adminOf(ctx, true).deleteTwin(input.args[0]!),
  },
  {
    words: ['emulator', 'delete-relationship'],
    summary: 'Delete a relationship by its id, in the local emulator only',
    args: '<relationship-id>',
    arity: [1, 1],
    write: true,
    run: (ctx, input) => adminOf(ctx, true).deleteRelationship(input.args[0]!),
  },
];
