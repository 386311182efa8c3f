// What the language model tools use of the extension: its connections (active one, names, clients — read-only
// connections give read-only clients), its model cache and its log.

import type { ExtensionServices } from '../shell/services';
import type { AgentToolServices } from './languageModelTools';

export function agentToolServices(
  ctx: Pick<ExtensionServices, 'connections' | 'models' | 'log' | 'writes'>,
): AgentToolServices {
  return {
    activeConnection: () => ctx.connections.activeName(),
    connectionNames: () => ctx.connections.list().map((profile) => profile.name),
    baseUrl: (connection) => ctx.connections.get(connection)?.baseUrl,
    client: (connection) => ctx.connections.getClient(connection),
    models: (connection) => ctx.models.getIndex(connection),
    log: (line) => ctx.log.info(line),
    sendConfirmed: (connection, send) => ctx.writes.sendConfirmed(connection, send),
  };
}
