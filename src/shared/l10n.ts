// Localised strings for code that runs without the `vscode` module: webview apps and the pure modules of the
// extension layer that unit tests load in plain Node. In the extension host, activation hands VS Code's bundle
// to `configureL10n`; webviews receive it from their host. Without a bundle `t` returns the English source.
import * as l10n from '@vscode/l10n';

export const t = l10n.t;

/** Installs a translation bundle (`vscode.l10n.bundle`); undefined keeps English. */
export function configureL10n(contents: Record<string, string | { message: string; comment: string[] }> | undefined): void {
  if (contents) l10n.config({ contents });
}
