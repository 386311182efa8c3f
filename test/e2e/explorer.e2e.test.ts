import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
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

async function expectText(row: Locator, pattern: RegExp, timeoutMs = 30000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let text = '';
  while (Date.now() < deadline) {
    text = ((await row.textContent()) ?? '').trim();
    if (pattern.test(text)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.fail(`row text "${text}" does not match ${pattern}`);
}

describe('explorer: the sample building in the tree', () => {
  let workbench: Workbench;
  before(async () => {
    workbench = await Workbench.open({ theme: 'dark', settings: { 'buildingTwins.twins.pageSize': 6 } });
  });
  after(async () => workbench?.close());

  it('expands connection, twins by model and by location, opens a twin, and takes a screenshot', async () => {
    const pane = await workbench.openView();
    await workbench.waitForTreeRows(['Local emulator', 'Models', 'Twins', 'By location', 'Insights']);

    await workbench.setTreeRowExpanded(/^Twins$/, true);
    await workbench.waitForTreeRows(['Room', 'Level']);
    assert.match(
      (await workbench.treeRow(/^Level$/).textContent()) ?? '',
      /\d/,
      'the model group shows its twin count',
    );
    await workbench.setTreeRowExpanded(/^Level$/, true);
    await workbench.waitForTreeRows(['Level 1']);

    await workbench.setTreeRowExpanded(/^By location$/, true);
    await workbench.waitForTreeRows(['Harbour Point']);
    await workbench.setTreeRowExpanded(/^Harbour Point$/, true);
    // Harbour Point's levels show below it: "Level 1" is then listed three times (twice under Twins > Level).
    const levelOnes = pane.locator('.monaco-list-row[role="treeitem"]', {
      has: workbench.page.locator('.label-name', { hasText: /^Level 1$/ }),
    });
    await expectCount(() => levelOnes.count(), 3);
    assert.equal(await workbench.notification(/command not found/).count(), 0);

    const file = await workbench.readmeImage('explorer-tree');
    console.log(`      screenshot ${file}`);

    // Clicking a twin opens its JSON document.
    await pane.locator('.monaco-list-row[role="treeitem"][aria-level="4"]', { hasText: 'HP-L01' }).first().click();
    await workbench.page
      .locator('.tabs-container .tab', { hasText: 'HP-L01.json' })
      .first()
      .waitFor({ timeout: 30000 });
  });

  it("shows a twin's hover with its model, relationship counts, open insights and links", async () => {
    const pane = await workbench.openView();
    await workbench.setTreeRowExpanded(/^Twins$/, true);
    await workbench.setTreeRowExpanded(/^Level$/, true);
    const row = pane.locator('.monaco-list-row[role="treeitem"][aria-level="4"]', { hasText: 'HP-L01' }).first();
    await row.scrollIntoViewIfNeeded();
    // Selected first, as a user would have: in a window where the tree was never clicked, no hover appears.
    await workbench.clickTreeRow(row);
    await workbench.page.mouse.move(900, 700);
    const box = await row.boundingBox();
    assert.ok(box, 'the row is on screen');
    // VS Code shows a row's hover once the mouse rests on it: move in, then stay.
    await workbench.page.mouse.move(box.x + 40, box.y + box.height / 2);
    await workbench.page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 5 });
    const hover = workbench.page.locator('.monaco-hover, .workbench-hover', { hasText: 'Relationships:' }).first();
    await hover.waitFor({ timeout: 30000 }).catch(async (err: unknown) => {
      console.log(
        'hovers:',
        await workbench.page.locator('.monaco-hover, .workbench-hover, .monaco-hover-content').allTextContents(),
        await row.textContent(),
      );
      throw err;
    });
    const text = (await hover.textContent()) ?? '';
    assert.match(text, /Model: Level/);
    assert.match(text, /Relationships: \d+ outgoing, \d+ incoming/);
    assert.match(text, /open insight/);
    for (const link of ['Open', 'Chart', 'Graph'])
      assert.equal(await hover.locator('a', { hasText: new RegExp(`^${link}$`) }).count(), 1, `the ${link} link`);
    const file = join(__dirname, '..', '..', '..', 'test', 'e2e', 'screenshots', 'explorer-tooltip.png');
    await workbench.page.screenshot({ path: file });
    console.log(`      screenshot ${file}`);
    await workbench.page.mouse.move(900, 700);
  });

  it('pages a model group with "Load more…" clicks until everything is loaded', async () => {
    const pane = await workbench.openView();
    await workbench.setTreeRowExpanded(/^Twins$/, true);
    // Other groups collapsed, to keep the rows in view.
    await workbench.setTreeRowExpanded(/^Level$/, false);
    await workbench.setTreeRowExpanded(/^By location$/, false);
    const zones = workbench.treeRow(/^HVAC zone$/);
    await workbench.setTreeRowExpanded(/^HVAC zone$/, true);
    const more = pane.locator('.monaco-list-row[role="treeitem"][aria-level="4"]', { hasText: 'Load more…' });
    await more.waitFor();
    await expectText(zones, /16/);
    // The first page's own row says how much is loaded (the group's description is drawn again at the next page).
    await expectText(more, /Load more… \(6 of 16 loaded\)/);
    await workbench.clickTreeRow(more);
    await expectText(zones, /16 twins \(12 loaded\)/);
    await workbench.clickTreeRow(more);
    await expectText(zones, /^HVAC zone\s*16 twins$/);
    assert.equal(await more.count(), 0, 'no "Load more…" once everything is loaded');
    // A twin of the first page still opens after its group re-rendered twice.
    const firstZone = pane
      .locator('.monaco-list-row[role="treeitem"][aria-level="4"]', { hasText: 'HP-L01-ZN1' })
      .first();
    const zoneId = ((await firstZone.locator('.label-description').textContent()) ?? '').trim();
    await firstZone.click();
    await workbench.page
      .locator('.tabs-container .tab', { hasText: `${zoneId}.json` })
      .first()
      .waitFor({ timeout: 30000 });
    assert.equal(await workbench.notification(/command not found/).count(), 0);
  });
});
