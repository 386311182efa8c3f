import type * as vscode from 'vscode';
import type { AuthoringServices } from '../authoring/authoringServices';
import type { ConnectionManager } from '../connections/connectionManager';
import type { EmulatorProcess } from '../connections/emulatorProcess';
import type { LocalEmulatorPresence } from '../connections/localEmulatorPresence';
import type { SuggestedConnections } from '../connections/suggestedConnections';
import type { ResourceFileSystem } from '../documents/resourceFileSystem';
import type { ServiceVersions } from '../documents/serviceVersions';
import type { WriteGate } from '../documents/writeGate';
import type { EventTypesCache } from '../events/eventTypesCache';
import type { ExplorerTreeProvider } from '../explorer/explorerTreeProvider';
import type { OpenInsightsCache } from '../insights/openInsightsCache';
import type { ModelCache } from '../models/modelCache';
import type { RequestResultsTarget } from '../requestFiles/requestRunController';
import type { ExtensionLog } from './extensionLog';
import type { UserInput } from './userInput';

/**
 * The services of one window, built by the composition root (extensionContext.ts). A command handler names the few
 * it uses as its first parameter, e.g. `Pick<ExtensionServices, 'connections' | 'input'>`; tree nodes and
 * document handlers take smaller interfaces of their own (explorerServices.ts, resourceHandler.ts).
 */
export interface ExtensionServices {
  readonly log: ExtensionLog;
  readonly connections: ConnectionManager;
  /** The connections this workspace suggests (never used before the user adds them). */
  readonly suggestedConnections: SuggestedConnections;
  readonly models: ModelCache;
  readonly emulator: EmulatorProcess;
  /** Whether the Local emulator connection has an emulator to talk to (started here or elsewhere). */
  readonly localEmulator: LocalEmulatorPresence;
  readonly tree: ExplorerTreeProvider;
  readonly documents: ResourceFileSystem;
  /** The read-only texts of compare views (the service's version of a resource, a patch's before and after). */
  readonly versions: ServiceVersions;
  /** What a write shows before it is sent (buildingTwins.confirmWrites); every command runs in a scope of it. */
  readonly writes: WriteGate;
  readonly eventTypes: EventTypesCache;
  /** Open insights by twin per connection (explorer badges and twin tooltips). */
  readonly openInsights: OpenInsightsCache;
  /** Connections whose Events node is filtered (the `buildingTwins.eventsFiltered` context key). */
  readonly filteredEvents: Set<string>;
  readonly authoring: AuthoringServices;
  /** The results panel of twin request files (opened by the first run). */
  readonly requestResults: RequestResultsTarget;
  /** Interactive input; integration tests swap in a scripted one through the test API. */
  readonly input: UserInput;
  /** The last error a command reported (the test API exposes it). */
  lastError: Error | undefined;
  readonly vscodeContext: vscode.ExtensionContext;
}
