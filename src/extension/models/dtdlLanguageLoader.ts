// Loads the DTDL language features (core/dtdl/dtdlLanguage.ts, a bundle of its own) and installs this window's
// translation in that bundle's copy of l10n, so its messages speak the display language as the rest do.
import * as vscode from 'vscode';
import type * as dtdlLanguage from '../../core/dtdl/dtdlLanguage';

export type DtdlLanguage = typeof dtdlLanguage;

/** A loader for one user of the DTDL features: the first call loads and configures the bundle, later ones reuse it. */
export function dtdlLanguageLoader(): () => Promise<DtdlLanguage> {
  let loading: Promise<DtdlLanguage> | undefined;
  return () =>
    (loading ??= import('../../core/dtdl/dtdlLanguage').then((dtdl) => {
      dtdl.configureL10n(vscode.l10n.bundle, vscode.env.language);
      return dtdl;
    }));
}
