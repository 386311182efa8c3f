// The emulator's extra clients: from --client-id/--client-secret (every permission), from a clients file
// (--clients FILE, docs/emulator.md) or from startEmulator's `clients` option. Errors name the entry by
// position and id, never by its secret.

import * as fs from 'node:fs';
import { LOCAL_DEV_CLIENT_ID } from '../../core/api/localEmulator';
import { isObject } from '../requestFields';
import { ALL_PERMISSIONS, canonicalPermission, PERMISSIONS, type Permission } from './clientPermissions';

export interface EmulatorClient {
  id: string;
  secret: string;
  /** The permissions the client holds; omitted, it holds every one. `"*"` also means every one. */
  permissions?: readonly string[];
  /**
   * A twin id: the client may only address this twin and the twins under it (the service's `UNDER(<twin>)`
   * expression). Omitted: every twin.
   */
  location?: string;
}

/** A client as the access checks use it: every permission spelled canonically, `undefined` for all of them. */
export interface ClientGrant {
  permissions?: ReadonlySet<Permission>;
  location?: string;
}

const FIELDS = ['id', 'secret', 'permissions', 'location'];

/**
 * Checks clients given to the emulator. `where` starts every message (e.g. `--clients clients.json`);
 * `permissionsRequired` makes `permissions` mandatory (it is in a clients file, so nobody gets every
 * permission by forgetting the field).
 */
export function checkClients(
  entries: readonly unknown[],
  where: string,
  permissionsRequired = false,
): EmulatorClient[] {
  const seen = new Map<string, number>();
  return entries.map((entry, i) => {
    const client = checkClient(entry, `${where}: clients[${i}]`, permissionsRequired);
    const first = seen.get(client.id);
    if (first !== undefined)
      throw new Error(`${where}: clients[${i}]: the id "${client.id}" is already used by clients[${first}]`);
    seen.set(client.id, i);
    return client;
  });
}

/** Reads and checks a clients file: `{ "clients": [ { "id", "secret", "permissions", "location"? }, … ] }`. */
export function readClientsFile(file: string): EmulatorClient[] {
  const where = `--clients ${file}`;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(
      `${where}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new Error(`${where}: not valid JSON (${(err as Error).message})`);
  }
  if (!isObject(value) || !Array.isArray(value.clients))
    throw new Error(`${where}: expected a JSON object with a "clients" array`);
  const extra = Object.keys(value).filter((k) => k !== 'clients');
  if (extra.length) throw new Error(`${where}: unknown field "${extra[0]}" (the file holds only "clients")`);
  return checkClients(value.clients, where, true);
}

/** What a client may do, for the access checks. */
export function clientGrant(client: EmulatorClient): ClientGrant {
  const names = client.permissions;
  if (!names || names.includes(ALL_PERMISSIONS)) return { location: client.location };
  return {
    permissions: new Set(names.map((n) => canonicalPermission(n)).filter((p): p is Permission => p !== undefined)),
    location: client.location,
  };
}

function checkClient(entry: unknown, label: string, permissionsRequired: boolean): EmulatorClient {
  if (!isObject(entry)) throw new Error(`${label}: must be an object with "id", "secret" and "permissions"`);
  const id = entry.id;
  if (typeof id !== 'string' || !id.trim()) throw new Error(`${label}: "id" must be a non-empty string`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(id)) throw new Error(`${label}: "id" must not contain control characters`);
  const named = `${label} ("${id}")`;
  if (id === LOCAL_DEV_CLIENT_ID)
    throw new Error(`${named}: the id is reserved for the development client, which always holds every permission`);
  const unknown = Object.keys(entry).find((k) => !FIELDS.includes(k));
  if (unknown !== undefined) throw new Error(`${named}: unknown field "${unknown}" (fields: ${FIELDS.join(', ')})`);
  if (typeof entry.secret !== 'string' || !entry.secret)
    throw new Error(`${named}: "secret" must be a non-empty string`);
  const client: EmulatorClient = { id, secret: entry.secret };
  if (entry.permissions !== undefined || permissionsRequired)
    client.permissions = checkPermissions(entry.permissions, named);
  if (entry.location !== undefined) {
    if (typeof entry.location !== 'string' || !entry.location.trim())
      throw new Error(`${named}: "location" must be a twin id (a non-empty string)`);
    client.location = entry.location;
  }
  return client;
}

function checkPermissions(value: unknown, named: string): string[] {
  if (!Array.isArray(value))
    throw new Error(`${named}: "permissions" must be an array of permission names ("Twins.Read", …) or ["*"]`);
  return value.map((name, i) => {
    if (typeof name !== 'string') throw new Error(`${named}: permissions[${i}] must be a string`);
    if (name === ALL_PERMISSIONS) return name;
    const permission = canonicalPermission(name);
    if (!permission)
      throw new Error(`${named}: unknown permission "${name}" (known: ${PERMISSIONS.join(', ')}, or "*" for all)`);
    return permission;
  });
}
