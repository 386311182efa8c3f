// Localised strings for code that runs without the `vscode` module: webview apps and the pure modules of the
// extension layer that unit tests load in plain Node. In the extension host, activation hands VS Code's bundle
// to `configureL10n`; panel apps receive it from their host. Without a bundle `l10n.t` returns the English source.
//
// How to write a string: `import * as l10n from '@vscode/l10n'` and call `l10n.t('Saved {0}', name)` (with
// `vscode`, `vscode.l10n.t(…)`). `npm run l10n` finds the strings for l10n/bundle.l10n.json by that spelling only:
// a `t` imported by name, or `l10n` imported from anywhere else (this file included), is not found, and its text
// stays English in every language. Placeholders are `{0}`, never `${…}`, so a translation can move them.
import * as l10n from '@vscode/l10n';
import { setCountLanguage } from './countText';

/** Installs a translation bundle (`vscode.l10n.bundle`) in `language` (`vscode.env.language`); undefined keeps English. */
export function configureL10n(contents: l10n.l10nJsonFormat | undefined, language?: string): void {
  if (!contents) return;
  l10n.config({ contents });
  // Counts follow the translation's language (countText.ts); without one, texts and numbers stay English.
  if (language) setCountLanguage(language);
}
