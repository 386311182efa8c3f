import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';

/** Thrown when the user dismisses a prompt; the command table treats it as a silent cancel. */
export class UserCancelledError extends Error {
  constructor(what = 'input') {
    super(`Cancelled: ${what}`);
    this.name = 'UserCancelledError';
  }
}

export interface PickOptions<T extends vscode.QuickPickItem> {
  title?: string;
  placeHolder?: string;
  /** Live lookup: items are recomputed from the text typed so far (e.g. "Go to twin…"). */
  lookup?: (value: string) => Promise<readonly T[]>;
  matchOnDescription?: boolean;
  matchOnDetail?: boolean;
}

export interface InputOptions {
  title?: string;
  prompt: string;
  value?: string;
  placeHolder?: string;
  password?: boolean;
  /** Returns an error message for invalid input, or undefined when valid. */
  validate?: (value: string) => string | undefined;
}

export interface ConfirmOptions {
  detail?: string;
  /** Label of the button that means "yes". */
  confirmLabel: string;
  modal?: boolean;
}

export interface FileOptions {
  title: string;
  /** Label of the dialog's button, e.g. "Import". */
  openLabel?: string;
  /** e.g. `{ 'JSON/CSV': ['json', 'csv'] }`. */
  filters: Record<string, string[]>;
  /** Open: may pick several files. */
  many?: boolean;
  /** Save: the proposed file. */
  defaultUri?: vscode.Uri;
}

/** The one seam for interactive input, so commands can be driven by tests without UI. */
export interface UserInput {
  pick<T extends vscode.QuickPickItem>(items: readonly T[], options: PickOptions<T>): Promise<T>;
  pickMany<T extends vscode.QuickPickItem>(items: readonly T[], options: PickOptions<T>): Promise<T[]>;
  input(options: InputOptions): Promise<string>;
  confirm(message: string, options: ConfirmOptions): Promise<boolean>;
  /** Files to read (an open dialog); cancelled when none is chosen. */
  openFiles(options: FileOptions): Promise<vscode.Uri[]>;
  /** A file to write (a save dialog). */
  saveFile(options: FileOptions): Promise<vscode.Uri>;
}

export class VsCodeUserInput implements UserInput {
  async pick<T extends vscode.QuickPickItem>(items: readonly T[], options: PickOptions<T>): Promise<T> {
    if (!options.lookup) {
      const picked = await vscode.window.showQuickPick(items, { ...options, ignoreFocusOut: true });
      if (!picked) throw new UserCancelledError(options.title ?? 'pick');
      return picked;
    }
    return this.pickWithLookup(items, options, options.lookup);
  }

  async pickMany<T extends vscode.QuickPickItem>(items: readonly T[], options: PickOptions<T>): Promise<T[]> {
    const picked = await vscode.window.showQuickPick(items, { ...options, canPickMany: true, ignoreFocusOut: true });
    if (!picked) throw new UserCancelledError(options.title ?? 'pick');
    return picked;
  }

  async input(options: InputOptions): Promise<string> {
    const value = await vscode.window.showInputBox({
      title: options.title,
      prompt: options.prompt,
      value: options.value,
      placeHolder: options.placeHolder,
      password: options.password,
      ignoreFocusOut: true,
      validateInput: options.validate,
    });
    if (value === undefined) throw new UserCancelledError(options.title ?? options.prompt);
    return value;
  }

  async confirm(message: string, options: ConfirmOptions): Promise<boolean> {
    const answer = await vscode.window.showWarningMessage(message, { modal: options.modal ?? true, detail: options.detail }, options.confirmLabel);
    return answer === options.confirmLabel;
  }

  async openFiles(options: FileOptions): Promise<vscode.Uri[]> {
    const uris = await vscode.window.showOpenDialog({ title: options.title, openLabel: options.openLabel, canSelectMany: options.many ?? false, filters: options.filters });
    if (!uris?.length) throw new UserCancelledError(options.title);
    return uris;
  }

  async saveFile(options: FileOptions): Promise<vscode.Uri> {
    const uri = await vscode.window.showSaveDialog({ title: options.title, saveLabel: options.openLabel, filters: options.filters, defaultUri: options.defaultUri });
    if (!uri) throw new UserCancelledError(options.title);
    return uri;
  }

  private pickWithLookup<T extends vscode.QuickPickItem>(
    initial: readonly T[],
    options: PickOptions<T>,
    lookup: (value: string) => Promise<readonly T[]>,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const qp = vscode.window.createQuickPick<T>();
      qp.title = options.title;
      qp.placeholder = options.placeHolder;
      qp.matchOnDescription = options.matchOnDescription ?? true;
      qp.matchOnDetail = options.matchOnDetail ?? false;
      qp.ignoreFocusOut = true;
      qp.items = initial;
      let generation = 0;
      let settled = false;
      qp.onDidChangeValue(async (value) => {
        const mine = ++generation;
        qp.busy = true;
        try {
          const items = await lookup(value);
          if (mine === generation) qp.items = items;
        } catch (err) {
          if (mine === generation) qp.items = [{ label: `$(error) ${errorText(err)}`, alwaysShow: true } as T];
        } finally {
          if (mine === generation) qp.busy = false;
        }
      });
      qp.onDidAccept(() => {
        const picked = qp.selectedItems[0];
        if (!picked) return;
        settled = true;
        resolve(picked);
        qp.hide();
      });
      qp.onDidHide(() => {
        qp.dispose();
        if (!settled) reject(new UserCancelledError(options.title ?? 'pick'));
      });
      qp.show();
    });
  }
}
