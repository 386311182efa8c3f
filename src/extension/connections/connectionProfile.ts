import * as l10n from '@vscode/l10n';

/** The non-secret part of a connection, as stored in the `buildingTwins.connections` setting. */
export interface ConnectionProfile {
  name: string;
  /** Full base URL (`https://host/api/v3`) or an instance name; resolved by the API client. */
  baseUrl: string;
  clientId: string;
  /** Writes are refused before anything is sent (the client's readOnly option); stored only when true. */
  readOnly?: boolean;
}

export const LOCAL_CONNECTION_NAME = 'Local emulator';

export function isLocalConnection(name: string): boolean {
  return name === LOCAL_CONNECTION_NAME;
}

/** Returns an error message for an unusable connection name, or undefined. */
export function validateConnectionName(name: string, taken: readonly string[]): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return l10n.t('Enter a name for the connection.');
  if (trimmed.length > 80) return l10n.t('Use at most {0} characters.', 80);
  if (/[\\/]/.test(trimmed)) return l10n.t('A connection name cannot contain "/" or "\\".');
  if (isLocalConnection(trimmed)) return l10n.t('"{0}" is reserved for the bundled emulator.', LOCAL_CONNECTION_NAME);
  if (taken.includes(trimmed)) return l10n.t('A connection named "{0}" already exists.', trimmed);
  return undefined;
}

/** Reads the setting leniently: entries that are not complete profiles are skipped (and reported). */
export function parseProfiles(raw: unknown): { profiles: ConnectionProfile[]; problems: string[] } {
  const profiles: ConnectionProfile[] = [];
  const problems: string[] = [];
  if (raw === undefined || raw === null) return { profiles, problems };
  if (!Array.isArray(raw)) return { profiles, problems: ['buildingTwins.connections must be an array'] };
  raw.forEach((entry, index) => {
    const e = entry as Partial<ConnectionProfile> | null;
    if (!e || typeof e.name !== 'string' || typeof e.baseUrl !== 'string' || typeof e.clientId !== 'string') {
      problems.push(`buildingTwins.connections[${index}] needs string "name", "baseUrl" and "clientId"`);
      return;
    }
    if (profiles.some((p) => p.name === e.name) || isLocalConnection(e.name)) {
      problems.push(`buildingTwins.connections[${index}]: duplicate or reserved name "${e.name}"`);
      return;
    }
    if (e.readOnly !== undefined && typeof e.readOnly !== 'boolean') {
      // Fails closed: a connection whose flag cannot be read is kept read-only.
      problems.push(
        `buildingTwins.connections[${index}].readOnly must be true or false; "${e.name}" is treated as read-only`,
      );
    }
    profiles.push({
      name: e.name,
      baseUrl: e.baseUrl,
      clientId: e.clientId,
      ...(e.readOnly === false || e.readOnly === undefined ? {} : { readOnly: true }),
    });
  });
  return { profiles, problems };
}
