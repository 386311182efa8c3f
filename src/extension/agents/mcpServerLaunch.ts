// How VS Code starts the bundled MCP server (dist/cli.js mcp) for one connection: the command line and the
// environment, without the client secret (added by mcpServerProvider.ts right before the start). Pure: no vscode.
import * as l10n from '@vscode/l10n';
import type { ConnectionProfile } from '../connections/connectionProfile';
import { isLocalTarget, writeNeedsConfirmation, type ConfirmWritesMode } from '../../core/writes/writePreview';

/** The environment variables the CLI reads (src/cli/connection.ts); repeated here so this module stays apart from the CLI. */
export const MCP_ENV_CLIENT_SECRET = 'BUILDING_TWINS_CLIENT_SECRET';
const ENV_READ_ONLY = 'BUILDING_TWINS_READ_ONLY';

export interface McpLaunch {
  /** Shown in VS Code's MCP server list; one per connection. */
  label: string;
  connection: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  /** Changes when the offered tools or their confirmation change (a connection that becomes writable offers the write tools). */
  version: string;
  writable: boolean;
  /** Writes go out without asking the user (buildingTwins.confirmWrites spares this connection). */
  unconfirmedWrites: boolean;
}

export interface McpLaunchContext {
  /** The Node that runs the CLI: the extension host's own executable (Electron runs as Node with ELECTRON_RUN_AS_NODE). */
  nodePath: string;
  /** dist/cli.js inside the installed extension. */
  cliPath: string;
  extensionVersion: string;
  /** Restricted Mode keeps every server read-only, whatever the connection allows. */
  workspaceTrusted: boolean;
  /** `buildingTwins.confirmWrites` as it applies (carefulSettings.ts): whether the server asks before each write. */
  confirmWrites: ConfirmWritesMode;
}

function mcpServerLabel(connection: string): string {
  return `Building Twins: ${connection}`;
}

/**
 * The launch of the MCP server for a connection: read-only (no write tools offered, every write refused before
 * sending) unless the connection is writable and the workspace trusted. A writable server asks the user before each
 * write (--allow-writes: MCP elicitation shows the request); only when `buildingTwins.confirmWrites` spares the
 * connection (`never`, or `remoteOnly` for a service on this machine) does it send without asking
 * (--allow-unconfirmed-writes). The URL and client id are arguments, the secret is not here at all.
 */
export function mcpServerLaunch(profile: ConnectionProfile, ctx: McpLaunchContext): McpLaunch {
  const writable = profile.readOnly !== true && ctx.workspaceTrusted;
  const unconfirmedWrites =
    writable && !writeNeedsConfirmation(ctx.confirmWrites, { local: isLocalTarget(profile.baseUrl) });
  const writeFlag = unconfirmedWrites ? '--allow-unconfirmed-writes' : '--allow-writes';
  // VS Code asks whether to trust the folder before it starts a server in Restricted Mode; the label says what the
  // answer means for this one (it stays read-only until the folder is trusted).
  const restricted = !ctx.workspaceTrusted && profile.readOnly !== true;
  return {
    label: restricted
      ? l10n.t('{0} (read-only in Restricted Mode)', mcpServerLabel(profile.name))
      : mcpServerLabel(profile.name),
    connection: profile.name,
    command: ctx.nodePath,
    args: [
      ctx.cliPath,
      'mcp',
      '--url',
      profile.baseUrl,
      '--client-id',
      profile.clientId,
      ...(writable ? [writeFlag] : []),
    ],
    env: { ELECTRON_RUN_AS_NODE: '1', ...(writable ? {} : { [ENV_READ_ONLY]: '1' }) },
    version: `${ctx.extensionVersion}-${!writable ? 'read-only' : unconfirmedWrites ? 'unconfirmed-writes' : 'writable'}`,
    writable,
    unconfirmedWrites,
  };
}
