import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildingTwinsContext } from '../extensionContext';
import type { TestApi } from './testApi';

/**
 * The test API, only for a host running the extension's tests (ExtensionMode.Test) and only when the
 * development build put dist/testApi.js beside the extension bundle; otherwise nothing is exported.
 */
export function loadTestApi(
  isTestMode: boolean,
  extensionPath: string,
  ctx: BuildingTwinsContext,
): TestApi | undefined {
  if (!isTestMode) return undefined;
  const file = join(extensionPath, 'dist', 'testApi.js');
  if (!existsSync(file)) return undefined;
  // A runtime path: the bundler leaves this require alone, so the test API never enters dist/extension.js.
  const load: (path: string) => unknown = require;
  return (load(file) as { createTestApi(ctx: BuildingTwinsContext): TestApi }).createTestApi(ctx);
}
