// Loads the DTDL language features (core/dtdl/dtdlLanguage.ts, a bundle of its own) and installs this window's
// translation in that bundle's copy of l10n, so its messages speak the display language as the rest do.
import * as vscode from 'vscode';
import type * as dtdlLanguage from '../../core/dtdl/dtdlLanguage';

export type DtdlLanguage = typeof dtdlLanguage;

export async function loadDtdlLanguage(): Promise<DtdlLanguage> {
  const dtdl = await import('../../core/dtdl/dtdlLanguage');
  dtdl.configureL10n(vscode.l10n.bundle, vscode.env.language);
  return dtdl;
}
