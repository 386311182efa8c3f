import * as vscode from 'vscode';
import type { BuildingTwinsApi } from '../core/api/types';
import { LOCAL_DEV_CLIENT_ID, LOCAL_DEV_CLIENT_SECRET, localEmulatorUrl } from '../core/api/localEmulator';
import { agentToolServices } from './agents/agentToolServices';
import { registerAgentToolsOnFirstUse } from './agents/agentToolRegistration';
import { type AgentLanguageModelTool, createAgentTools } from './agents/languageModelTools';
import { type McpServerProvider, registerMcpServers } from './agents/mcpServerProvider';
import { type AuthoringServices, createAuthoring } from './authoring/authoringServices';
import { createApiClient } from './connections/clientFactory';
import { ConnectionManager } from './connections/connectionManager';
import { LOCAL_CONNECTION_NAME } from './connections/connectionProfile';
import { ConnectionSecrets } from './connections/connectionSecrets';
import { ConnectionStatusBar } from './connections/connectionStatusBar';
import { EmulatorProcess } from './connections/emulatorProcess';
import { emulatorPort } from './connections/emulatorPort';
import { warnIfSecretsUnprotected } from './connections/keychainCheck';
import { LocalEmulatorPresence } from './connections/localEmulatorPresence';
import { announceSuggestions } from './connections/sharedConnectionCommands';
import { SuggestedConnections } from './connections/suggestedConnections';
import { type DeepLinkResult, handleDeepLink, registerDeepLinks } from './deepLinks/deepLinkHandler';
import { ResourceFileSystem } from './documents/resourceFileSystem';
import { ServiceVersions } from './documents/serviceVersions';
import { WriteGate } from './documents/writeGate';
import { eventDocumentHandler } from './events/eventDocumentHandler';
import { EventTypesCache } from './events/eventTypesCache';
import { connectionGroupFactories } from './explorer/connectionGroups';
import { EditedDocumentDecorations, InsightBadgeDecorations } from './explorer/explorerDecorations';
import { ExplorerTreeProvider } from './explorer/explorerTreeProvider';
import { helpLinks } from './help/helpLinks';
import { HelpTreeProvider } from './help/helpTreeProvider';
import { OpenInsightsCache } from './insights/openInsightsCache';
import { modelDocumentHandler } from './models/modelDocumentHandler';
import { ModelCache } from './models/modelCache';
import type { RequestResultsPanel } from './panels/requestResults/requestResultsPanel';
import { createRequestResults } from './requestFiles/requestFileCommands';
import { ExtensionLog } from './shell/extensionLog';
import type { ExtensionServices } from './shell/services';
import { type UserInput, VsCodeUserInput } from './shell/userInput';
import { ticketDocumentHandler } from './tickets/ticketDocumentHandler';
import { relationshipDocumentHandler } from './twins/relationshipDocumentHandler';
import { twinDocumentHandler } from './twins/twinDocumentHandler';

function registerDecorations(provider: vscode.FileDecorationProvider & vscode.Disposable): vscode.Disposable {
  return vscode.Disposable.from(vscode.window.registerFileDecorationProvider(provider), provider);
}

/**
 * The one object that owns the extension's shared state, built at activation (extension.ts). Commands receive it as
 * their first argument, each typed by the few services it uses; nothing else reaches for globals.
 */
export class BuildingTwinsContext implements ExtensionServices, vscode.Disposable {
  readonly log: ExtensionLog;
  readonly connections: ConnectionManager;
  readonly suggestedConnections: SuggestedConnections;
  readonly models: ModelCache;
  readonly openInsights: OpenInsightsCache;
  readonly emulator: EmulatorProcess;
  /** Whether the Local emulator connection has an emulator to talk to (started here or elsewhere). */
  readonly localEmulator: LocalEmulatorPresence;
  readonly tree: ExplorerTreeProvider;
  readonly documents: ResourceFileSystem;
  /** The read-only left sides of compare views (the service's version of a document). */
  readonly versions = new ServiceVersions((message) => this.log.error(message));
  /** What a save asks before it sends (buildingTwins.confirmWrites) and on a change made on the service meanwhile. */
  readonly writes = new WriteGate(this);
  readonly eventTypes = new EventTypesCache();
  readonly filteredEvents = new Set<string>();
  readonly authoring: AuthoringServices;
  /** The request results panel's host, made when a run first shows results. */
  private requestResultsPanel: RequestResultsPanel | undefined;
  /** The agent tools, registered as language model tools for chat (agents/languageModelTools.ts), made on first use. */
  private readonly loadAgentTools: () => readonly AgentLanguageModelTool[];
  /** The bundled MCP server offered to VS Code per connection (VS Code 1.101+; undefined before). */
  readonly mcpServers: McpServerProvider | undefined;
  /** Interactive input; integration tests swap in a ScriptedUserInput through the test API. */
  input: UserInput = new VsCodeUserInput();
  /** The last error a command reported (the test API exposes it). */
  lastError: Error | undefined;
  /** The active connection in the status bar (from start(); the test API reads what it shows). */
  statusBar: ConnectionStatusBar | undefined;

  constructor(readonly vscodeContext: vscode.ExtensionContext) {
    this.log = new ExtensionLog();
    this.emulator = new EmulatorProcess(vscodeContext.extensionPath, this.log);
    // Whether SecretStorage has a keychain is checked when the first secret or token is stored, not at activation.
    let keychainChecked = false;
    const checkKeychain = (): void => {
      if (keychainChecked) return;
      keychainChecked = true;
      void warnIfSecretsUnprotected(vscodeContext, this.log);
    };
    this.connections = new ConnectionManager(
      new ConnectionSecrets(vscodeContext.secrets, checkKeychain),
      this.log,
      // Every write the extension sends passes the write gate (buildingTwins.confirmWrites) in the client itself.
      (args) => createApiClient(args, (write) => this.writes.beforeClientWrite(args.profile.name, write)),
      (settings) => ({
        profile: {
          name: LOCAL_CONNECTION_NAME,
          baseUrl: this.localEmulatorUrl(settings),
          clientId: LOCAL_DEV_CLIENT_ID,
        },
        clientSecret: LOCAL_DEV_CLIENT_SECRET,
      }),
      vscodeContext.workspaceState,
    );
    this.suggestedConnections = new SuggestedConnections(this.log);
    this.localEmulator = new LocalEmulatorPresence(
      () => this.localEmulatorUrl(),
      () => this.emulator.url !== undefined,
    );
    this.models = new ModelCache(this.connections);
    this.openInsights = new OpenInsightsCache(this.connections);
    this.tree = new ExplorerTreeProvider(this, connectionGroupFactories);
    this.documents = new ResourceFileSystem(this, vscodeContext.globalState, [
      twinDocumentHandler,
      relationshipDocumentHandler,
      modelDocumentHandler,
      eventDocumentHandler(this.eventTypes),
      ticketDocumentHandler,
    ]);
    vscodeContext.subscriptions.push(this);
    this.authoring = createAuthoring(this, vscodeContext.subscriptions);
    this.loadAgentTools = registerAgentToolsOnFirstUse(
      () => createAgentTools(agentToolServices(this)),
      vscodeContext.subscriptions,
    );
    this.mcpServers = registerMcpServers(vscodeContext, this.connections);
  }

  get requestResults(): RequestResultsPanel {
    if (!this.requestResultsPanel) {
      this.requestResultsPanel = createRequestResults(this);
      this.vscodeContext.subscriptions.push(this.requestResultsPanel);
    }
    return this.requestResultsPanel;
  }

  /** The agent tools (loading them). */
  get agentTools(): readonly AgentLanguageModelTool[] {
    return this.loadAgentTools();
  }

  /** Registers what lives for the whole session: the document file system, status bar and listeners. */
  start(): void {
    const subs = this.vscodeContext.subscriptions;
    subs.push(
      this.documents.register(),
      this.versions.register(),
      vscode.window.registerTreeDataProvider(
        'buildingTwins.help',
        new HelpTreeProvider(helpLinks(this.vscodeContext.extension.packageJSON as Parameters<typeof helpLinks>[0])),
      ),
      (this.statusBar = new ConnectionStatusBar(this.connections)),
      this.connections.onDidChange(() => this.tree.relist()),
      // A refresh of a connection's models (Refresh in the explorer) reads its open insights again too.
      this.models.onDidInvalidate((connection) => this.openInsights.forget(connection)),
      this.openInsights,
      registerDecorations(new InsightBadgeDecorations(this.openInsights, this.log)),
      registerDecorations(new EditedDocumentDecorations()),
      this.connections.onDidChangeState((name) => {
        // The tree shows only whether a connection is in error (the status bar shows the rest).
        const node = this.tree.connectionNode(name);
        const inError = this.connections.state(name).kind === 'error';
        if (node && node.shownInError !== inError) this.tree.update(node);
      }),
      this.emulator.onDidChange(() => {
        if (this.emulator.url) this.localEmulator.set(true);
        else if (!this.emulator.running) void this.localEmulator.check();
        this.connections.resetState(LOCAL_CONNECTION_NAME);
        this.connections.notifyChanged();
      }),
      // Without custom connections the explorer shows the Local emulator only while one runs (else the welcome view).
      this.localEmulator.onDidChange(() => {
        if (this.connections.configured().length === 0) this.tree.relistWhenLoaded();
      }),
      this.emulator,
      this.localEmulator,
      this.suggestedConnections.onDidChange((suggested) => this.connections.useWorkspaceMarks(suggested)),
      this.suggestedConnections.watch(),
      registerDeepLinks(this),
    );
    // Read once the window is up: the read-only marks apply from then on, new suggestions are announced once.
    void this.suggestedConnections.load().then((suggested) => announceSuggestions(this, suggested));
  }

  /** The Local emulator connection's URL: the emulator this window started, else the port setting's. */
  localEmulatorUrl(settings?: vscode.WorkspaceConfiguration): string {
    return this.emulator.url ?? localEmulatorUrl(emulatorPort(settings));
  }

  /** Opens a vscode://…/<action> link as the window's URI handler does (the test API calls it directly). */
  openLink(uri: vscode.Uri): Promise<DeepLinkResult> {
    return handleDeepLink(this, uri);
  }

  getActiveClient(): Promise<BuildingTwinsApi> {
    return this.connections.getActiveClient();
  }

  dispose(): void {
    this.tree.dispose();
    this.connections.dispose();
    this.log.dispose();
  }
}
