import type * as vscode from 'vscode';
import { resourceUri } from './resourceUri';

/** A resource as the service holds it after a command wrote it (a ticket patch, a twin put, a new relationship). */
export interface WrittenResource {
  connection: string;
  /** The `buildingtwins:` kind: twins, tickets, events, relationships. */
  kind: string;
  ids: string[];
  value: unknown;
}

/** What shows written resources: the explorer's rows and the open documents. */
export interface WriteViews {
  tree: { showWritten(connection: string, kind: string, ids: readonly string[], value: unknown): void };
  documents: { reloadOpen(uri: vscode.Uri): Promise<boolean> };
}

/**
 * After a command wrote to the service: the explorer rows showing each resource take its new value, and an open
 * document of it without unsaved edits is read again (relationship documents are read-only and opened fresh).
 */
export async function showWritten(views: WriteViews, written: readonly WrittenResource[]): Promise<void> {
  for (const w of written) views.tree.showWritten(w.connection, w.kind, w.ids, w.value);
  await Promise.all(
    written
      .filter((w) => w.kind !== 'relationships')
      .map((w) => views.documents.reloadOpen(resourceUri(w.connection, w.kind, ...w.ids))),
  );
}
