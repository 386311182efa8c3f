// The composition root: builds the window's services, the one command table and the registrations.
import * as vscode from 'vscode';
import { configureL10n } from '../shared/l10n';
import { registerPanelSerializers } from './panels/host/panelSerializers';
import { panelCommands } from './panels/host/panelCommands';
import { authoringCommands } from './authoring/authoringCommands';
import { connectionCommands } from './connections/connectionCommands';
import { cliTerminalCommands } from './connections/cliTerminal';
import { emulatorAdminCommands } from './connections/emulatorAdminCommands';
import { emulatorCommands } from './connections/emulatorCommands';
import { sharedConnectionCommands } from './connections/sharedConnectionCommands';
import { deepLinkCommands } from './deepLinks/deepLinkCommands';
import { documentCommands } from './documents/documentCommands';
import { eventCommands } from './events/eventCommands';
import { explorerCommands } from './explorer/explorerCommands';
import { BuildingTwinsContext } from './extensionContext';
import { helpCommands } from './help/helpCommands';
import { modelCommands } from './models/modelCommands';
import { requestFileCommands } from './requestFiles/requestFileCommands';
import { whenRequestFileOpens } from './requestFiles/requestFileActivation';
import { registerRequestFiles } from './requestFiles/requestFileFeatures';
import { EmulatorAdmin } from '../core/api/emulatorAdmin';
import { followEmulatorModels } from './connections/emulatorModelsFollower';
import { registerModelDiagnostics } from './models/modelDiagnostics';
import { registerModelLanguage } from './models/modelLanguage';
import { afterActivation } from './shell/afterActivation';
import { registerCommands } from './shell/commandRunner';
import { allCommands } from './shell/commandTable';
import type { CommandTable } from './shell/commandTypes';
import type { ExtensionServices } from './shell/services';
import type { TestApi } from './testing/testApi';
import { loadTestApi } from './testing/testApiLoader';
import { ticketCommands } from './tickets/ticketCommands';
import { registerTicketCompletion } from './tickets/ticketCompletionProvider';
import { twinCommands } from './twins/twinCommands';
import { bulkPatchCommands } from './twins/bulkPatchCommand';

/** Every command of the extension: each feature's table (its commands' guards beside their handlers), one line each. */
export const commandTables: readonly CommandTable<ExtensionServices>[] = [
  connectionCommands,
  sharedConnectionCommands,
  cliTerminalCommands,
  emulatorCommands,
  emulatorAdminCommands,
  explorerCommands,
  deepLinkCommands,
  twinCommands,
  modelCommands,
  documentCommands,
  panelCommands,
  helpCommands,
  eventCommands,
  ticketCommands,
  authoringCommands,
  requestFileCommands,
  bulkPatchCommands,
];

/** What deactivate() stops: the services of this activation (VS Code calls activate and deactivate apart). */
let current: BuildingTwinsContext | undefined;

/** Exports nothing, except the test API to a host running the extension's own tests. */
export function activate(context: vscode.ExtensionContext): TestApi | undefined {
  configureL10n(vscode.l10n.bundle, vscode.env.language);
  const services = new BuildingTwinsContext(context);
  current = services;
  context.subscriptions.push(...registerCommands(services, allCommands(commandTables)));
  context.subscriptions.push(...registerPanelSerializers(services));
  services.start();
  // Not needed for the first paint of the views: registered once activate() has returned.
  afterActivation(context.subscriptions, () => [
    whenRequestFileOpens(() => registerRequestFiles(services)),
    registerTicketCompletion(services),
    followEmulatorModels(services, (url) => new EmulatorAdmin(url)),
    registerModelDiagnostics({
      log: (message) => services.log.info(message),
      onFirstModel: (folderOf) =>
        context.subscriptions.push(
          registerModelLanguage({
            folderOf,
            connectionModels: () => services.models.getActiveIndex().catch(() => undefined),
          }),
        ),
    }),
  ]);
  return loadTestApi(context.extensionMode === vscode.ExtensionMode.Test, context.extensionPath, services);
}

export async function deactivate(): Promise<void> {
  await current?.emulator.stop();
  current = undefined;
}
