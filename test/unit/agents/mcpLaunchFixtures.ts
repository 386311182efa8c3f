import type { McpLaunchContext } from '../../../src/extension/agents/mcpServerLaunch';

/** A launch context and a connection for the MCP launch tests (unit and artefact). */
export const ctx: McpLaunchContext = {
  nodePath: '/usr/bin/node',
  cliPath: '/ext/dist/cli.js',
  extensionVersion: '1.2.3',
  workspaceTrusted: true,
  confirmWrites: 'remoteOnly',
};
export const profile = { name: 'Prod', baseUrl: 'https://acme.app.willowinc.com/api/v3', clientId: 'app-1' };
/** A connection to a service on this machine (what `remoteOnly` spares). */
export const localProfile = { name: 'Local', baseUrl: 'http://127.0.0.1:5050/api/v3', clientId: 'local-dev' };
