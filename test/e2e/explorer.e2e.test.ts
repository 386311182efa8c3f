import * as assert from 'node:assert/strict';
import { Workbench } from './workbench';

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
    await pane.locator('.monaco-list-row[aria-level="4"]').first().waitFor();

    // Opening a twin from the tree shows its JSON document.
    await workbench.treeRow(/^Level 1$/).first().click();
    const tab = workbench.page.locator('.tabs-container .tab', { hasText: /\.json/ }).first();
    await tab.waitFor({ timeout: 30000 });
    assert.match((await tab.textContent()) ?? '', /HP-L01\.json|\.json/);

    const file = await workbench.screenshot('explorer-tree');
    console.log(`      screenshot ${file}`);
  });
});
