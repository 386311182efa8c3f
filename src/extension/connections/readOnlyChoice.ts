import * as vscode from 'vscode';
import type { ExtensionServices } from '../shell/services';

/** The client secret of a connection being added from a suggestion or a link; the user types it, masked. */
export function promptClientSecret(
  ctx: Pick<ExtensionServices, 'input'>,
  title: string,
  profile: { name: string; baseUrl: string },
): Promise<string> {
  return ctx.input.input({
    title,
    prompt: vscode.l10n.t(
      'Client secret of "{0}" for {1} (kept in VS Code secret storage only)',
      profile.name,
      profile.baseUrl,
    ),
    password: true,
    validate: (v) => (v ? undefined : vscode.l10n.t('Enter the client secret.')),
  });
}

/**
 * Asked when adding a connection: a customer's production instance is best added read-only, so read-only comes
 * first (Enter keeps it) and writing is the choice a user makes.
 */
export async function promptReadOnly(ctx: Pick<ExtensionServices, 'input'>, title: string): Promise<boolean> {
  const picked = await ctx.input.pick(
    [
      {
        label: vscode.l10n.t('Read-only'),
        description: vscode.l10n.t('recommended'),
        detail: vscode.l10n.t(
          'Every write is refused before it is sent; documents open read-only. Change it later from the menu of the connection.',
        ),
        readOnly: true,
      },
      {
        label: vscode.l10n.t('Read and write'),
        detail: vscode.l10n.t('Saves and commands can change twins, tickets and events on this instance.'),
        readOnly: false,
      },
    ],
    { title, placeHolder: vscode.l10n.t('May this connection change data on the service?') },
  );
  return picked.readOnly;
}
