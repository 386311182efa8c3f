// What a save will send, in words, before it is sent: the question and the detail of the confirmation that
// `buildingTwins.confirmWrites` asks for (the target connection, the request and its JSON Patch or body).
import * as l10n from '@vscode/l10n';
import { isLoopbackHost } from '../api/baseUrl';
import type { JsonPatchOperation } from '../api/types';
import { stripControl } from '../untrusted/controlCharacters';
import { tightenOnly, type SettingLayers } from '../settings/tightenOnly';

/** `buildingTwins.confirmWrites`: when a save shows what it sends and waits for "Send". */
export type ConfirmWritesMode = 'remoteOnly' | 'always' | 'never';

/** The modes from least to most careful. */
const CAREFULNESS: readonly ConfirmWritesMode[] = ['never', 'remoteOnly', 'always'];

/**
 * The mode that applies, from the setting's layers (VS Code's `inspect`): the user's own value (an unknown one is the
 * default, `remoteOnly`); a workspace or folder value counts only where it asks more often (tightenOnly).
 */
export function confirmWritesMode(layers: SettingLayers | undefined): ConfirmWritesMode {
  return tightenOnly({ defaultValue: 'remoteOnly', ...layers }, CAREFULNESS);
}

/** A service on this machine (the local emulator, or anything on a loopback address): not a customer's instance. */
export function isLocalTarget(baseUrl: string): boolean {
  try {
    return isLoopbackHost(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}

/** Whether a save on this connection asks first: `remoteOnly` spares the local emulator only. */
export function writeNeedsConfirmation(mode: ConfirmWritesMode, target: { local: boolean }): boolean {
  return mode === 'always' || (mode === 'remoteOnly' && !target.local);
}

export interface PendingWrite {
  /** What is written, e.g. "twin AHU-1" (already localised by the caller). */
  subject: string;
  connection: string;
  /** The connection's service URL, shown so the instance is unmistakable. */
  baseUrl: string;
  method: 'PATCH' | 'PUT' | 'POST' | 'DELETE';
  /** Below the base URL, e.g. `/twins/AHU-1`. */
  path: string;
  /** A PATCH's operations; a PUT's body is `body`. */
  patch?: readonly JsonPatchOperation[];
  body?: unknown;
  /** A multipart upload's files, by name and size. */
  files?: ReadonlyArray<{ name: string; bytes: number }>;
}

const MAX_VALUE_CHARS = 80;
export const MAX_DETAIL_LINES = 12;

/** The confirmation's question, e.g. `Send 2 changes to twin AHU-1 on "Production"?`. */
export function writeQuestion(write: PendingWrite): string {
  const subject = shown(write.subject);
  const connection = shown(write.connection);
  if (!write.patch) return l10n.t('Replace {0} on "{1}"?', subject, connection);
  return write.patch.length === 1
    ? l10n.t('Send 1 change to {0} on "{1}"?', subject, connection)
    : l10n.t('Send {0} changes to {1} on "{2}"?', write.patch.length, subject, connection);
}

/** The confirmation's detail: the request, then one line per operation (or the body), at most `maxLines` of them. */
export function writeDetail(write: PendingWrite, maxLines = MAX_DETAIL_LINES, comparable = true): string {
  const request = requestLine(write.method, write.baseUrl, write.path);
  const lines = write.patch
    ? write.patch.map(operationLine)
    : write.files
      ? write.files.map((f) => l10n.t('{0} ({1} bytes)', clipped(f.name), f.bytes))
      : bodyLines(write.body);
  const kept = lines.slice(0, maxLines);
  const more = lines.length - kept.length;
  if (more > 0)
    kept.push(
      comparable
        ? l10n.t('… and {0} more lines (Compare shows everything)', more)
        : l10n.t('… and {0} more lines', more),
    );
  return [request, '', ...kept].join('\n');
}

/** `PATCH https://host/api/v3/twins/AHU-1`: the method and the full URL, control characters removed. */
export function requestLine(method: string, baseUrl: string, path: string): string {
  return `${method} ${shown(baseUrl.replace(/\/+$/, ''))}${shown(path)}`;
}

/** One operation as `replace /name: "New name"`, `remove /tag`, `move /a → /b`. */
export function operationLine(op: JsonPatchOperation): string {
  const path = shown(op.path);
  if (op.op === 'remove') return `remove ${path}`;
  if (op.op === 'move' || op.op === 'copy') return `${shown(op.op)} ${shown(op.from ?? '')} → ${path}`;
  return `${shown(op.op)} ${path}: ${clipped(JSON.stringify(op.value) ?? 'undefined')}`;
}

function bodyLines(body: unknown): string[] {
  return (JSON.stringify(body, null, 2) ?? 'undefined').split('\n').map((line) => clipped(line));
}

/** Untrusted text made safe for a dialog: no control characters, one line. */
function shown(text: string): string {
  return stripControl(text);
}

function clipped(text: string): string {
  const safe = shown(text);
  return safe.length > MAX_VALUE_CHARS ? `${safe.slice(0, MAX_VALUE_CHARS - 1)}…` : safe;
}
