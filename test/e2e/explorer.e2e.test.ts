import * as assert from 'node:assert/strict';
import { Workbench } from './workbench';

async function expectCount(count: () => Promise<number>, expected: number, timeoutMs = 30000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = await count();
  while (last < expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    last = await count();
  }
  assert.ok(last >= expected, `expected at least ${expected}, saw ${last}`);
}

describe('explorer: the sample building in the tree', () => {
  let workbench: Workbench;
  before(async () => {
    workbench = await Workbench.open({ theme: 'dark' });
  });
  after(async () => workbench?.close());

  it('expands connection, twins by model and by location, opens a twin, and takes a screenshot', async () => {
    const pane = await workbench.openView();
    await workbench.waitForTreeRows(['Local emulator', 'Models', 'Twins', 'By location', 'Insights']);

    await workbench.treeRow(/^Twins$/).click();
    await workbench.waitForTreeRows(['Room', 'Level']);
    const levelGroup = workbench.treeRow(/^Level$/);
    assert.match((await levelGroup.textContent()) ?? '', /\d/, 'the model group shows its twin count');
    await levelGroup.click();
    await workbench.waitForTreeRows(['Level 1']);

    await workbench.treeRow(/^By location$/).click();
    await workbench.waitForTreeRows(['Harbour Point']);
    await workbench.treeRow(/^Harbour Point$/).click();
    // Harbour Point's levels show below it: "Level 1" is then listed three times (twice under Twins > Level).
    const levelOnes = pane.locator('.monaco-list-row[role="treeitem"]', { has: workbench.page.locator('.label-name', { hasText: /^Level 1$/ }) });
    await expectCount(() => levelOnes.count(), 3);
    assert.equal(await workbench.notification(/command not found/).count(), 0);

    const file = await workbench.screenshot('explorer-tree');
    console.log(`      screenshot ${file}`);

    // Clicking a twin opens its JSON document.
    await workbench.treeRow(/^Level 1$/).first().click();
    const tab = workbench.page.locator('.tabs-container .tab', { hasText: /\.json/ }).first();
    await tab.waitFor({ timeout: 30000 });
    assert.match((await tab.textContent()) ?? '', /HP-L01\.json/);
  });
});
