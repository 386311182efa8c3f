import * as vscode from 'vscode';

export const RESOURCE_SCHEME = 'buildingtwins';

/** A parsed `buildingtwins:/<connection>/<kind>/<id…>.json` URI. `id` may contain "/" (encoded as %2F in the path). */
export interface ResourceRef {
  connection: string;
  kind: string;
  /** The path segments after the kind, decoded, without the `.json` suffix on the last one. */
  ids: string[];
}

/** Only "%" and "/" are escaped so URIs stay readable (DTMIs keep their ":" and ";"); no query strings. */
function encodeSegment(segment: string): string {
  return segment.replace(/%/g, '%25').replace(/\//g, '%2F');
}

function decodeSegment(segment: string): string {
  return segment.replace(/%2F/gi, '/').replace(/%25/g, '%');
}

export function resourceUri(connection: string, kind: string, ...ids: string[]): vscode.Uri {
  if (ids.length === 0) throw new Error('A resource URI needs at least one id'); // l10n-exempt: a caller's mistake, never shown
  const segments = [connection, kind, ...ids].map(encodeSegment);
  return vscode.Uri.from({ scheme: RESOURCE_SCHEME, path: `/${segments.join('/')}.json` });
}

/**
 * The URI an explorer row showing a resource carries: the document's, marked as a row (`#row`). Decorations meant for
 * rows (the unsaved-edits dot) go on it alone, not on the document's editor tab, which shows its own.
 */
export function rowResourceUri(connection: string, kind: string, ...ids: string[]): vscode.Uri {
  return resourceUri(connection, kind, ...ids).with({ fragment: ROW_FRAGMENT });
}

export const ROW_FRAGMENT = 'row';

export function parseResourceUri(uri: vscode.Uri): ResourceRef {
  if (uri.scheme !== RESOURCE_SCHEME)
    throw new Error(vscode.l10n.t('Not a {0}: URI: {1}', RESOURCE_SCHEME, uri.toString()));
  if (uri.query) throw new Error(vscode.l10n.t('{0}: URIs take no query string: {1}', RESOURCE_SCHEME, uri.toString()));
  const parts = uri.path.replace(/^\/+/, '').split('/');
  if (parts.length < 3 || !parts[parts.length - 1].endsWith('.json')) {
    throw vscode.FileSystemError.FileNotFound(uri);
  }
  parts[parts.length - 1] = parts[parts.length - 1].slice(0, -'.json'.length);
  const [connection, kind, ...ids] = parts.map(decodeSegment);
  return { connection, kind, ids };
}
