import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import { DebouncedRequest, isSuperseded } from '../../core/api/latestRequest';
import { errorItemLabel } from './iconText';

/** How long typing must pause before a live lookup asks the service (one request per pause, not per keystroke). */
export const LOOKUP_DEBOUNCE_MS = 250;

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
  /**
   * Live lookup: items are recomputed from the text typed so far (e.g. "Go to twin…"), once the typing has paused
   * (LOOKUP_DEBOUNCE_MS); the signal fires when newer text or closing the picker makes the lookup outdated.
   */
  lookup?: (value: string, signal: AbortSignal) => Promise<readonly T[]>;
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

export interface ChooseOptions {
  detail?: string;
  /** The buttons, in order; closing the dialog (Cancel, Escape) answers undefined. */
  choices: readonly string[];
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
  /** A modal question with several answers (e.g. Send / Compare); undefined when dismissed. */
  choose(message: string, options: ChooseOptions): Promise<string | undefined>;
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
    const answer = await vscode.window.showWarningMessage(
      message,
      { modal: options.modal ?? true, detail: options.detail },
      options.confirmLabel,
    );
    return answer === options.confirmLabel;
  }

  async choose(message: string, options: ChooseOptions): Promise<string | undefined> {
    return vscode.window.showWarningMessage(message, { modal: true, detail: options.detail }, ...options.choices);
  }

  async openFiles(options: FileOptions): Promise<vscode.Uri[]> {
    const uris = await vscode.window.showOpenDialog({
      title: options.title,
      openLabel: options.openLabel,
      canSelectMany: options.many ?? false,
      filters: options.filters,
    });
    if (!uris?.length) throw new UserCancelledError(options.title);
    return uris;
  }

  async saveFile(options: FileOptions): Promise<vscode.Uri> {
    const uri = await vscode.window.showSaveDialog({
      title: options.title,
      saveLabel: options.openLabel,
      filters: options.filters,
      defaultUri: options.defaultUri,
    });
    if (!uri) throw new UserCancelledError(options.title);
    return uri;
  }

  private pickWithLookup<T extends vscode.QuickPickItem>(
    initial: readonly T[],
    options: PickOptions<T>,
    lookup: (value: string, signal: AbortSignal) => Promise<readonly T[]>,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const qp = vscode.window.createQuickPick<T>();
      qp.title = options.title;
      qp.placeholder = options.placeHolder;
      qp.matchOnDescription = options.matchOnDescription ?? true;
      qp.matchOnDetail = options.matchOnDetail ?? false;
      qp.ignoreFocusOut = true;
      qp.items = initial;
      let settled = false;
      // Each keystroke drops the lookup waiting for the pause and aborts the one still running.
      const lookups = new DebouncedRequest(lookup, LOOKUP_DEBOUNCE_MS);
      qp.onDidChangeValue(async (value) => {
        qp.busy = true;
        try {
          qp.items = await lookups.request(value);
          qp.busy = false;
        } catch (err) {
          if (isSuperseded(err)) return;
          qp.items = [{ label: errorItemLabel(errorText(err)), alwaysShow: true } as T];
          qp.busy = false;
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
        lookups.cancel();
        qp.dispose();
        if (!settled) reject(new UserCancelledError(options.title ?? 'pick'));
      });
      qp.show();
    });
  }
}
