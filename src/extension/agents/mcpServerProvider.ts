// Registers the bundled MCP server with VS Code's MCP support (an MCP server definition provider, VS Code 1.101+),
// one server per connection, so agents in VS Code (and any MCP-aware chat) can use the tools without a hand-written
// mcp.json holding a secret. Feature-detected: on older VS Code nothing is registered and the language model tools
// (languageModelTools.ts) remain the way in.
//
// VS Code keeps the definitions a provider returns (to list the servers before the extension activates), so they
// carry no secret: the client secret is read from SecretStorage in resolveMcpServerDefinition, right before VS Code
// starts the process, and handed to it in its environment only.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../connections/connectionManager';
import { MCP_ENV_CLIENT_SECRET, mcpServerLaunch, type McpLaunch, type McpLaunchContext } from './mcpServerLaunch';
import { vscodeApi } from '../shell/vscodeApi';
import { confirmWritesSetting } from '../shell/carefulSettings';

/** The provider id, declared under contributes.mcpServerDefinitionProviders in package.json. */
const MCP_PROVIDER_ID = 'buildingTwins.mcpServers';

/**
 * The part of the VS Code 1.101 API used here. @types/vscode stays at the engines.vscode floor (1.99; vsce refuses
 * newer types than the engine), so it is declared here and looked up at runtime.
 */
export interface McpStdioDefinition {
  label: string;
  command: string;
  args: string[];
  env: Record<string, string | number | null>;
  version?: string;
}
export interface McpProvider {
  readonly onDidChangeMcpServerDefinitions: vscode.Event<void>;
  provideMcpServerDefinitions(token: vscode.CancellationToken): Promise<McpStdioDefinition[]>;
  resolveMcpServerDefinition(
    server: McpStdioDefinition,
    token: vscode.CancellationToken,
  ): Promise<McpStdioDefinition | undefined>;
}
interface McpApi {
  definition: new (
    label: string,
    command: string,
    args?: string[],
    env?: Record<string, string | number | null>,
    version?: string,
  ) => McpStdioDefinition;
  register(id: string, provider: McpProvider): vscode.Disposable;
}

/** The MCP API of this VS Code, or undefined before 1.101. */
export function mcpApi(api: typeof vscode = vscodeApi): McpApi | undefined {
  const definition = (api as unknown as { McpStdioServerDefinition?: McpApi['definition'] }).McpStdioServerDefinition;
  const lm = api.lm as unknown as {
    registerMcpServerDefinitionProvider?: (id: string, provider: McpProvider) => vscode.Disposable;
  };
  if (typeof definition !== 'function' || typeof lm.registerMcpServerDefinitionProvider !== 'function')
    return undefined;
  return { definition, register: (id, provider) => lm.registerMcpServerDefinitionProvider!.call(api.lm, id, provider) };
}

type McpConnections = Pick<ConnectionManager, 'list' | 'clientSecret' | 'onDidChange'>;

export class McpServerProvider implements McpProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeMcpServerDefinitions = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly api: McpApi,
    private readonly connections: McpConnections,
    private readonly launchContext: () => McpLaunchContext,
  ) {
    this.subscriptions = [
      this.changed,
      connections.onDidChange(() => this.changed.fire()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire()),
      // The servers ask before each write, or not, as buildingTwins.confirmWrites says: a change starts them anew.
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('buildingTwins.confirmWrites')) this.changed.fire();
      }),
    ];
  }

  provideMcpServerDefinitions(_token?: vscode.CancellationToken): Promise<McpStdioDefinition[]> {
    return Promise.resolve(
      this.launches().map((l) => new this.api.definition(l.label, l.command, l.args, l.env, l.version)),
    );
  }

  /**
   * Adds the client secret to the environment of the process about to start. The launch is computed again from the
   * connections as they are now (VS Code may start a definition it kept from an earlier session); a connection gone
   * since is not started.
   */
  async resolveMcpServerDefinition(
    server: McpStdioDefinition,
    _token?: vscode.CancellationToken,
  ): Promise<McpStdioDefinition | undefined> {
    const launch = this.launches().find((l) => l.label === server.label);
    if (!launch) return undefined;
    const secret = await this.connections.clientSecret(launch.connection);
    return new this.api.definition(
      launch.label,
      launch.command,
      launch.args,
      { ...launch.env, [MCP_ENV_CLIENT_SECRET]: secret },
      launch.version,
    );
  }

  private launches(): McpLaunch[] {
    const ctx = this.launchContext();
    return this.connections.list().map((profile) => mcpServerLaunch(profile, ctx));
  }

  dispose(): void {
    vscode.Disposable.from(...this.subscriptions).dispose();
  }
}

/** Registers the provider when this VS Code has the MCP API; returns it (for the integration tests) or undefined. */
export function registerMcpServers(
  context: vscode.ExtensionContext,
  connections: McpConnections,
): McpServerProvider | undefined {
  const api = mcpApi();
  if (!api) return undefined;
  const provider = new McpServerProvider(api, connections, () => ({
    nodePath: process.execPath,
    cliPath: context.asAbsolutePath('dist/cli.js'),
    extensionVersion: String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0'),
    workspaceTrusted: vscode.workspace.isTrusted,
    confirmWrites: confirmWritesSetting(),
  }));
  context.subscriptions.push(provider, api.register(MCP_PROVIDER_ID, provider));
  return provider;
}
