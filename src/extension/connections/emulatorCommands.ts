import * as path from 'node:path';
import * as vscode from 'vscode';
import { accepts, type CommandTable } from '../shell/commandTypes';
import { probeEmulator } from '../../core/api/emulatorProbe';
import { localEmulatorUrl } from '../../core/api/localEmulator';
import type { ExtensionServices } from '../shell/services';
import { emulatorPort } from './emulatorPort';
import { LOCAL_CONNECTION_NAME } from './connectionProfile';
import { completeWalkthroughStep } from '../shell/walkthroughProgress';
import { options } from '../shell/commandArgs';

/** The walkthrough's step that starting the emulator completes (package.json, walkthroughs). */
const START_STEP = 'startEmulator';

/**
 * A setting's file or folder: absolute, `~/…`, or relative to the first workspace folder. Relative paths are
 * refused where that folder cannot be used: in Restricted Mode (its files are not trusted) and in a virtual
 * workspace (the folder is not on this machine's disk).
 */
function settingPath(key: string): string | undefined {
  const value = vscode.workspace.getConfiguration('buildingTwins').get<string>(key)?.trim();
  if (!value) return undefined;
  if (value.startsWith('~/')) return path.join(process.env.HOME ?? process.env.USERPROFILE ?? '', value.slice(2));
  if (path.isAbsolute(value)) return value;
  const root = vscode.workspace.workspaceFolders?.[0]?.uri;
  const setting = `buildingTwins.${key}`;
  if (!root) throw new Error(vscode.l10n.t('{0} is relative ("{1}") but no folder is open.', setting, value));
  if (root.scheme !== 'file') {
    throw new Error(
      vscode.l10n.t(
        '{0} is relative ("{1}") but the workspace folder is not on this machine\'s disk; use an absolute path.',
        setting,
        value,
      ),
    );
  }
  if (!vscode.workspace.isTrusted) {
    throw new Error(
      vscode.l10n.t(
        'Restricted Mode: {0} ("{1}") points into this folder, which is not trusted. Trust the folder or use an absolute path.',
        setting,
        value,
      ),
    );
  }
  return path.join(root.fsPath, value);
}

/** `{ port }`: start on this port instead of `buildingTwins.emulator.port`. */
interface EmulatorOptions {
  port?: number;
}
const emulatorOptions = (value: unknown): value is EmulatorOptions =>
  options(value) && (value.port === undefined || typeof value.port === 'number');

/**
 * Starts the bundled emulator (port from the argument or `buildingTwins.emulator.port`) and returns its URL. When an
 * emulator already answers on the configured port (started in a terminal or another window), it connects to that
 * one instead of failing with EADDRINUSE.
 */
async function startEmulator(
  ctx: Pick<ExtensionServices, 'emulator' | 'localEmulator' | 'log' | 'models' | 'tree' | 'vscodeContext'>,
  options?: EmulatorOptions,
): Promise<string> {
  const configured = emulatorPort();
  const port = options?.port ?? configured;
  const running = ctx.emulator.url;
  if (ctx.emulator.running) {
    // Starting what runs (the welcome view's button, then the walkthrough's) changes nothing, and says so.
    completeWalkthroughStep(ctx, START_STEP);
    void vscode.window.showInformationMessage(
      running
        ? vscode.l10n.t('The local emulator is already running at {0}.', running)
        : vscode.l10n.t('The local emulator is already starting.'),
    );
    return running ?? localEmulatorUrl(port);
  }
  if (port === configured) {
    const url = localEmulatorUrl(port);
    const found = await probeEmulator(url);
    if (found.kind === 'emulator') {
      completeWalkthroughStep(ctx, START_STEP);
      return useRunningEmulator(ctx, port, url);
    }
    if (found.kind === 'other') {
      throw new Error(
        vscode.l10n.t(
          'Port {0} is taken by something that is not a Building Twin emulator ({1}). Stop it, or set buildingTwins.emulator.port to a free port.',
          port,
          found.detail,
        ),
      );
    }
  }
  const url = await launch(ctx, port);
  completeWalkthroughStep(ctx, START_STEP);
  void vscode.window.showInformationMessage(vscode.l10n.t('Local emulator listening on {0}', url));
  return url;
}

/** Starts this window's emulator on `port` with the settings' folders; the explorer shows it. */
async function launch(ctx: Pick<ExtensionServices, 'emulator' | 'models' | 'tree'>, port: number): Promise<string> {
  const url = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('Starting the local Building Twin emulator…'),
    },
    () =>
      ctx.emulator.start({
        port,
        modelsFolder: settingPath('emulator.modelsFolder'),
        dataFolder: settingPath('emulator.dataFolder'),
        clientsFile: settingPath('emulator.clientsFile'),
      }),
  );
  ctx.models.invalidate(LOCAL_CONNECTION_NAME);
  ctx.tree.refresh();
  return url;
}

/**
 * "Reset Local Emulator to Its Sample": this window's emulator, which keeps its data in memory, starts again on its
 * port, so the sample building is back as it was and everything made since is gone. An emulator started elsewhere
 * or keeping its data in a folder is left alone, with what to do instead.
 */
async function resetEmulator(
  ctx: Pick<ExtensionServices, 'connections' | 'emulator' | 'input' | 'models' | 'tree'>,
): Promise<string | undefined> {
  const url = ctx.emulator.url;
  if (!url) {
    throw new Error(
      vscode.l10n.t(
        'Reset works on a local emulator started from this window. Start it here with "Start Local Emulator", or restart the one running elsewhere.',
      ),
    );
  }
  const kept = vscode.workspace.getConfiguration('buildingTwins').get<string>('emulator.dataFolder')?.trim();
  if (kept) {
    throw new Error(
      vscode.l10n.t(
        'The local emulator keeps its data in {0}, so a restart brings it back: stop the emulator and empty or change buildingTwins.emulator.dataFolder to start from the sample. Nothing was changed.',
        kept,
      ),
    );
  }
  if (ctx.connections.isReadOnly(LOCAL_CONNECTION_NAME))
    throw new Error(vscode.l10n.t('"{0}" is read-only: nothing was reset.', LOCAL_CONNECTION_NAME));
  const sure = await ctx.input.confirm(
    vscode.l10n.t(
      'Reset the local emulator to its sample building? Every twin, relationship, value, event and ticket made or changed since it started is lost.',
    ),
    { confirmLabel: vscode.l10n.t('Reset'), modal: true },
  );
  if (!sure) return undefined;
  await ctx.emulator.stop();
  const started = await launch(ctx, Number(new URL(url).port));
  void vscode.window.showInformationMessage(
    vscode.l10n.t('The local emulator at {0} holds its sample building again.', started),
  );
  return started;
}

function useRunningEmulator(
  ctx: Pick<ExtensionServices, 'localEmulator' | 'log' | 'models' | 'tree'>,
  port: number,
  url: string,
): string {
  ctx.log.info(`An emulator already answers at ${url}: connected to it instead of starting another`);
  ctx.localEmulator.set(true);
  ctx.models.invalidate(LOCAL_CONNECTION_NAME);
  ctx.tree.refresh();
  void vscode.window.showInformationMessage(
    vscode.l10n.t(
      'An emulator is already running on port {0}: "{1}" is connected to it (stop it where it was started).',
      port,
      LOCAL_CONNECTION_NAME,
    ),
  );
  return url;
}

async function stopEmulator(
  ctx: Pick<ExtensionServices, 'emulator' | 'localEmulator' | 'models' | 'tree'>,
): Promise<boolean> {
  if (!ctx.emulator.running) {
    const elsewhere = await ctx.localEmulator.check();
    void vscode.window.showInformationMessage(
      elsewhere
        ? vscode.l10n.t(
            'The emulator on port {0} was not started from this window: stop it where it was started.',
            emulatorPort(),
          )
        : vscode.l10n.t('The local emulator is not running.'),
    );
    return false;
  }
  const url = ctx.emulator.url ?? localEmulatorUrl(emulatorPort());
  await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('Stopping the local emulator at {0}…', url),
    },
    () => ctx.emulator.stop(),
  );
  ctx.models.invalidate(LOCAL_CONNECTION_NAME);
  ctx.tree.refresh();
  // Says what stopped: which emulator, which connection loses its service, and whether its changes are kept.
  const kept = vscode.workspace.getConfiguration('buildingTwins').get<string>('emulator.dataFolder')?.trim();
  void vscode.window.showInformationMessage(
    kept
      ? vscode.l10n.t(
          'Local emulator at {0} stopped: "{1}" is offline until you start it again; its data is kept in {2}.',
          url,
          LOCAL_CONNECTION_NAME,
          kept,
        )
      : vscode.l10n.t(
          'Local emulator at {0} stopped: "{1}" is offline until you start it again; the changes made to its sample building are gone (set buildingTwins.emulator.dataFolder to keep them).',
          url,
          LOCAL_CONNECTION_NAME,
        ),
  );
  return true;
}

export const emulatorCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.startEmulator': accepts(emulatorOptions).run(startEmulator),
  'buildingTwins.stopEmulator': accepts().run(stopEmulator),
  'buildingTwins.emulator.reset': accepts().run(resetEmulator),
};
