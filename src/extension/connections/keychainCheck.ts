import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionLog } from '../shell/extensionLog';

const WARNED_KEY = 'buildingTwins.keychainWarningShown';

/**
 * Linux only, best effort: VS Code has no API that says how SecretStorage is protected. We look for the
 * `password-store` runtime argument in the process's command line and in `argv.json` (next to the
 * extensions folder, e.g. `~/.vscode/argv.json`); `basic` means secrets are only obfuscated, not kept in
 * a keychain. Warns once per installation.
 */
export function detectBasicSecretStorage(argv: readonly string[], argvJsonText: string | undefined): boolean {
  if (argv.some((a) => /^--password-store=basic$/i.test(a))) return true;
  if (!argvJsonText) return false;
  const match = /"password-store"\s*:\s*"([^"]*)"/.exec(argvJsonText.replace(/^\s*\/\/.*$/gm, ''));
  return match?.[1].toLowerCase() === 'basic';
}

export async function warnIfSecretsUnprotected(context: vscode.ExtensionContext, log: ExtensionLog): Promise<void> {
  if (process.platform !== 'linux' || context.globalState.get<boolean>(WARNED_KEY)) return;
  const candidates = [
    path.join(path.dirname(path.dirname(context.extensionPath)), 'argv.json'),
    path.join(os.homedir(), '.vscode', 'argv.json'),
  ];
  let argvJson: string | undefined;
  for (const file of candidates) {
    try {
      argvJson = fs.readFileSync(file, 'utf8');
      break;
    } catch {
      // not there: try the next location
    }
  }
  if (!detectBasicSecretStorage(process.argv, argvJson)) return;
  await context.globalState.update(WARNED_KEY, true);
  log.warn(
    'VS Code stores secrets without an OS keychain (password-store "basic"): client secrets and tokens are only obfuscated on disk.',
  );
  void vscode.window.showWarningMessage(
    vscode.l10n.t(
      'Building Twins: VS Code is storing secrets without a keychain ("basic" password store), so connection secrets are only obfuscated on disk. Install and unlock a keyring (e.g. gnome-keyring) to protect them.',
    ),
  );
}
