// Connection profiles shared as data: suggested by a workspace, imported from or exported to a file.
// Never a secret: every user enters the client secret themselves.
import * as l10n from '@vscode/l10n';
import { errorText } from '../../core/api/apiError';
import { resolveBaseUrl } from '../../core/api/baseUrl';
import { type ConnectionProfile, validateConnectionName } from './connectionProfile';

/** The file a workspace folder suggests connections in (the same format an export writes). */
export const SUGGESTED_CONNECTIONS_FILE = '.vscode/building-twins.connections.json';

const FIELDS = new Set(['name', 'baseUrl', 'clientId', 'readOnly']);
/** A field named like a credential: what carries one is refused whole, so a secret never travels in a file or link. */
export const SECRET_FIELD = /secret|token|password|credential|key|auth/i;

export interface SharedConnections {
  connections: ConnectionProfile[];
  /** What was skipped, and why (one line each, the entry's place in `source` first). */
  problems: string[];
}

/** Reads `{ "connections": [...] }` (a file) or the bare list (the setting); the source names it in problems. */
export function parseSharedConnections(raw: unknown, source: string): SharedConnections {
  const list = Array.isArray(raw) ? raw : isObject(raw) && Object.hasOwn(raw, 'connections') ? raw.connections : raw;
  const connections: ConnectionProfile[] = [];
  const problems: string[] = [];
  if (raw === undefined || raw === null) return { connections, problems };
  if (!Array.isArray(list))
    return { connections, problems: [l10n.t('{0}: expected a list of connections under "connections".', source)] };
  list.forEach((entry: unknown, index) => {
    const where = `${source} [${index}]`;
    const refused = (why: string): void => void problems.push(`${where}: ${why}`);
    if (!isObject(entry)) return refused(l10n.t('not a connection'));
    const keys = Object.keys(entry);
    const secret = keys.find((k) => SECRET_FIELD.test(k));
    if (secret)
      return refused(l10n.t('carries "{0}"; shared connections never carry a secret, so the entry is ignored', secret));
    const { name, baseUrl, clientId, readOnly } = entry;
    if (typeof name !== 'string' || typeof baseUrl !== 'string' || typeof clientId !== 'string' || !clientId.trim())
      return refused(l10n.t('needs text "name", "baseUrl" and "clientId"'));
    const badName = validateConnectionName(name, []);
    if (badName) return refused(badName);
    let resolved: string;
    try {
      resolved = resolveBaseUrl(baseUrl);
    } catch (err) {
      return refused(errorText(err));
    }
    const trimmed = name.trim();
    if (connections.some((c) => c.name === trimmed)) return refused(l10n.t('"{0}" is listed twice', trimmed));
    for (const k of keys.filter((k) => !FIELDS.has(k))) problems.push(`${where}: ${l10n.t('"{0}" is ignored', k)}`);
    // Fails closed: a flag that cannot be read keeps the connection read-only.
    if (readOnly !== undefined && typeof readOnly !== 'boolean')
      problems.push(`${where}: ${l10n.t('"readOnly" must be true or false; read-only is kept')}`);
    connections.push({
      name: trimmed,
      baseUrl: resolved,
      clientId: clientId.trim(),
      ...(readOnly === false || readOnly === undefined ? {} : { readOnly: true }),
    });
  });
  return { connections, problems };
}

/** The file an export writes: the profiles without secrets, in the format parseSharedConnections reads. */
export function sharedConnectionsText(profiles: readonly ConnectionProfile[]): string {
  const connections = profiles.map(({ name, baseUrl, clientId, readOnly }) => ({
    name,
    baseUrl,
    clientId,
    ...(readOnly ? { readOnly: true } : {}),
  }));
  return `${JSON.stringify({ connections }, null, 2)}\n`;
}

/** The same service and client: what a shared connection and one of the user's must agree on to be one. */
export function sameService(a: ConnectionProfile, b: ConnectionProfile): boolean {
  return a.baseUrl === b.baseUrl && a.clientId === b.clientId;
}

export type SharedStatus = 'new' | 'added' | 'nameTaken';

/** Whether the user has a shared connection already, has another one of its name, or not. */
export function sharedStatus(shared: ConnectionProfile, mine: readonly ConnectionProfile[]): SharedStatus {
  const same = mine.find((p) => p.name === shared.name);
  if (!same) return 'new';
  return sameService(same, shared) ? 'added' : 'nameTaken';
}

/**
 * Whether the workspace marks one of the user's connections read-only: a suggestion of its name, or of its service
 * and client, says so. A workspace can make a connection read-only this way, never writable.
 */
export function markedReadOnly(profile: ConnectionProfile, suggested: readonly ConnectionProfile[]): boolean {
  return suggested.some((s) => s.readOnly === true && (s.name === profile.name || sameService(s, profile)));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
