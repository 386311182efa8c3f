import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildingTwinsContext } from '../extensionContext';
import type { TestApi } from './testApi';

/**
 * The test API, only for a host running the extension's tests (ExtensionMode.Test) and only when the
 * development build put dist/testApi.js beside the extension bundle; otherwise nothing is exported.
 * Its bundle is loaded when a test first reads a member, not during activate(): a test host's activation then
 * costs what a user's does (the activation benchmark runs in a test host).
 */
export function loadTestApi(
  isTestMode: boolean,
  extensionPath: string,
  ctx: BuildingTwinsContext,
  load: (path: string) => unknown = require,
): TestApi | undefined {
  if (!isTestMode) return undefined;
  const file = join(extensionPath, 'dist', 'testApi.js');
  if (!existsSync(file)) return undefined;
  let api: TestApi | undefined;
  // A runtime path: the bundler leaves this require alone, so the test API never enters dist/extension.js.
  const made = (): TestApi =>
    (api ??= (load(file) as { createTestApi(ctx: BuildingTwinsContext): TestApi }).createTestApi(ctx));
  return new Proxy({} as TestApi, {
    // VS Code asks whether the exports are a promise (`then`): that answer needs no test API.
    get: (_, key) => (key === 'then' ? undefined : Reflect.get(made(), key)),
    has: (_, key) => key in made(),
    ownKeys: () => Reflect.ownKeys(made()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(made(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
