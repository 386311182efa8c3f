// Shared by the extension shell's integration tests: the extension's test API, the harness's emulator
// and its request log (which proves what was, or was not, sent).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension/testing/testApi';
import { adminFetch } from './adminFetch';
import { resetExplorer } from './windowState';

export const LOCAL = 'Local emulator';
export const SAMPLE = 'dtmi:com:buildingtwins:sample';

export async function extensionApi(): Promise<TestApi> {
  const ext = vscode.extensions.getExtension<TestApi>('building-twins.building-twins');
  assert.ok(ext, 'the extension is not loaded');
  return ext.activate();
}

/** The harness's emulator URL; a run without one fails loudly (tests never skip themselves). */
export function emulatorUrl(_ctx?: Mocha.Context): string {
  const url = process.env.BUILDING_TWINS_EMULATOR_URL;
  if (!url)
    throw new Error(
      'BUILDING_TWINS_EMULATOR_URL is unset: the integration harness must start the emulator (npm run build makes dist/emulator.js)',
    );
  return url;
}

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
}

export async function clearRequests(url: string): Promise<void> {
  await adminFetch(url, '/_emulator/requests', { method: 'DELETE' });
}

export async function requests(url: string): Promise<LoggedRequest[]> {
  const res = await adminFetch(url, '/_emulator/requests');
  return (await res.json()) as LoggedRequest[];
}

/** Makes the local emulator this window's active connection (the choice is the window's, not a setting). */
export async function useLocalEmulator(): Promise<void> {
  await (await extensionApi()).context.connections.setActive(LOCAL);
}

export async function setSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('buildingTwins').update(key, value, vscode.ConfigurationTarget.Global);
}

/** Waits until `check` passes (settings and tree updates land asynchronously). */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() - started > timeoutMs) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The explorer as a test starts from: the Local emulator active, no filter, every row collapsed and read again. */
export async function freshExplorer(ctx?: Mocha.Context): Promise<void> {
  emulatorUrl(ctx);
  await useLocalEmulator();
  await resetExplorer();
}
