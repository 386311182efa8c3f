// How a panel's webview gets VS Code's translations: the host writes the extension's l10n bundle
// (`vscode.l10n.bundle`) into the page it serves, as JSON in the body's data-l10n attribute, and sets the
// page's language. The app installs it with `configureL10n` (src/shared/l10n.ts) before it draws anything;
// without the attribute (English, or no bundle) its strings stay in English.

/** A translation bundle: message (or message/comment key) -> translation. */
export type L10nContents = Record<string, string | { message: string; comment: string[] }>;

/** The body attribute that carries the bundle (`document.body.dataset.l10n` in the app). */
export const L10N_BUNDLE_ATTRIBUTE = 'data-l10n';

/** The bundle from the attribute's text; undefined when there is none or it is not a JSON object. */
export function readL10nBundle(text: string | null | undefined): L10nContents | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as L10nContents) : undefined;
  } catch {
    return undefined;
  }
}
