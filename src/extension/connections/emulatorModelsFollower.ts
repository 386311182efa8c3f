// The emulator follows its models folder: while an emulator this window started on a models folder runs, a DTDL
// file created, changed or deleted there makes it read the folder again (POST /_emulator/models/reload). A folder
// with problems is refused by the emulator with them and its last good models stay; twins that no longer fit are
// listed. Both are said in a notification, every line in the log.
import * as vscode from 'vscode';
import type { EmulatorAdmin } from '../../core/api/emulatorAdmin';
import { modelReloadText } from '../../core/api/modelReloadText';
import { LOCAL_CONNECTION_NAME } from './connectionProfile';
import type { ExtensionServices } from '../shell/services';

const SETTLE_MS = 500;

type FollowerServices = Pick<ExtensionServices, 'emulator' | 'models' | 'tree' | 'log'>;

export function followEmulatorModels(ctx: FollowerServices, admin: (url: string) => EmulatorAdmin): vscode.Disposable {
  let watching: { folder: string; stop: vscode.Disposable } | undefined;
  const sync = (): void => {
    const url = ctx.emulator.url;
    const folder = ctx.emulator.running && url ? ctx.emulator.modelsFolder : undefined;
    if (watching?.folder === folder) return;
    watching?.stop.dispose();
    watching = folder && url ? { folder, stop: watchFolder(ctx, folder, () => admin(url)) } : undefined;
  };
  const subscription = ctx.emulator.onDidChange(sync);
  sync();
  return new vscode.Disposable(() => {
    subscription.dispose();
    watching?.stop.dispose();
  });
}

function watchFolder(ctx: FollowerServices, folder: string, admin: () => EmulatorAdmin): vscode.Disposable {
  const watcher = vscode.workspace.createFileSystemWatcher(
    new vscode.RelativePattern(vscode.Uri.file(folder), '**/*.{json,jsonld,dtdl}'),
  );
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  const reloadSoon = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(() => reload(ctx, folder, admin()));
    }, SETTLE_MS);
  };
  return vscode.Disposable.from(
    watcher,
    watcher.onDidCreate(reloadSoon),
    watcher.onDidChange(reloadSoon),
    watcher.onDidDelete(reloadSoon),
    new vscode.Disposable(() => clearTimeout(timer)),
  );
}

async function reload(ctx: FollowerServices, folder: string, admin: EmulatorAdmin): Promise<void> {
  let text;
  try {
    text = modelReloadText(await admin.reloadModels(), folder);
  } catch (error) {
    ctx.log.warn(vscode.l10n.t('The emulator did not reload its models: {0}', (error as Error).message));
    return;
  }
  ctx.models.invalidate(LOCAL_CONNECTION_NAME);
  ctx.tree.refresh();
  const log = text.severity === 'info' ? ctx.log.info.bind(ctx.log) : ctx.log.warn.bind(ctx.log);
  log(text.summary);
  for (const line of text.details) log(`  ${line}`);
  if (text.severity === 'info') {
    vscode.window.setStatusBarMessage(text.summary, 5000);
    return;
  }
  const show = vscode.l10n.t('Show Log');
  const shown =
    text.severity === 'error'
      ? vscode.window.showErrorMessage(text.summary, show)
      : vscode.window.showWarningMessage(text.summary, show);
  void shown.then((choice) => {
    if (choice === show) ctx.log.show();
  });
}
