// The walkthrough ticks a step when the user has done it, whichever way: a step that only listens for its own button
// stays unticked in the `npm start` flow, where the emulator was started outside VS Code and the tree lists twins
// without the Explorer's focus command ever running.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../harness/harnessPaths';
import { readJson } from '../../shared/manifest';
// The context keys, as set in src/extension/connections/localEmulatorPresence.ts and explorer/explorerTreeProvider.ts
// (modules that need 'vscode'; the last test checks the sources set them).
const EMULATOR_RUNNING_KEY = 'buildingTwins.emulatorRunning';
const TWINS_LISTED_KEY = 'buildingTwins.twinsListed';

interface Step {
  id: string;
  completionEvents?: string[];
  media?: { markdown?: string };
}

const steps = (): Step[] =>
  (readJson('package.json') as { contributes: { walkthroughs: { steps: Step[] }[] } }).contributes.walkthroughs.flatMap(
    (w) => w.steps,
  );
const step = (id: string): Step => {
  const found = steps().find((s) => s.id === id);
  assert.ok(found, `walkthrough step ${id}`);
  return found;
};

describe('the walkthrough', () => {
  it('ticks "Start the local emulator" when an emulator answers, started here or elsewhere', () => {
    assert.ok(step('startEmulator').completionEvents?.includes(`onContext:${EMULATOR_RUNNING_KEY}`));
  });

  it('ticks "Browse twins" once the tree has listed twins, focused or not', () => {
    assert.ok(step('browseTwins').completionEvents?.includes(`onContext:${TWINS_LISTED_KEY}`));
  });

  it('listens only to context keys the extension sets', () => {
    const sources = [
      'src/extension/connections/localEmulatorPresence.ts',
      'src/extension/explorer/explorerTreeProvider.ts',
    ].map((file) => readFileSync(join(repoRoot, file), 'utf8'));
    for (const s of steps())
      for (const event of s.completionEvents ?? []) {
        if (!event.startsWith('onContext:')) continue;
        const key = event.slice('onContext:'.length);
        assert.ok(
          sources.some((text) => text.includes(`'${key}'`)),
          `${s.id}: ${key} is set by no module listed here`,
        );
      }
  });

  it('names no fixed port as the address in use (the setting decides it)', () => {
    for (const s of steps()) {
      if (!s.media?.markdown) continue;
      assert.doesNotMatch(readFileSync(join(repoRoot, s.media.markdown), 'utf8'), /127\.0\.0\.1:\d+/, s.id);
    }
  });
});
