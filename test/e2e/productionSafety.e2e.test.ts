// A save on a connection with buildingTwins.confirmWrites "always": the confirmation names the connection and shows
// the JSON Patch, Compare opens a diff of the document as opened and as edited, Send saves. Screenshots of both (the
// compare view with the question is the README's picture).
import * as assert from 'node:assert/strict';
import { Workbench } from './workbench';

describe('writes shown before they go', () => {
  let workbench: Workbench;
  before(async () => {
    workbench = await Workbench.open({ theme: 'dark', settings: { 'buildingTwins.confirmWrites': 'always' } });
  });
  after(async () => workbench?.close());

  it('asks with the JSON Patch and the target, compares, then sends', async () => {
    const page = workbench.page;
    await workbench.openView();
    await workbench.waitForTreeRows(['Local emulator']);
    await workbench.runCommand('Building Twins: Go to Twin…');
    const input = workbench.quickInput.locator('input[type="text"]').first();
    await input.waitFor({ state: 'visible' });
    await input.fill('RL-L01-PLANT');
    await workbench.quickInput
      .locator('.monaco-list-row', { hasText: 'RL-L01-PLANT' })
      .first()
      .click({ timeout: 30000 });
    const editor = page.locator('.monaco-editor .view-lines', { hasText: '"capacity"' }).first();
    await editor.waitFor({ timeout: 30000 });

    // Replace the capacity through the editor's Replace widget, then save.
    await editor.click();
    await page.keyboard.press('Control+H');
    await page.keyboard.type('"capacity": 0');
    await page.keyboard.press('Tab');
    await page.keyboard.type('"capacity": 24');
    await page.keyboard.press('Control+Alt+Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+S');

    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 30000 });
    const text = (await dialog.textContent()) ?? '';
    assert.match(text, /Send 1 change to twin RL-L01-PLANT on "Local emulator"\?/);
    assert.match(text, /PATCH http:\/\/127\.0\.0\.1:\d+\/api\/v3\/twins\/RL-L01-PLANT/);
    assert.match(text, /replace \/capacity: 24/);
    console.log(`      screenshot ${await workbench.screenshot('confirm-write-dialog')}`);

    await dialog.locator('.monaco-button', { hasText: /^Compare$/ }).click();
    await page.locator('.monaco-diff-editor').first().waitFor({ timeout: 30000 });
    await dialog.waitFor({ timeout: 30000 });
    console.log(`      screenshot ${await workbench.readmeImage('confirm-write')}`);

    await dialog.locator('.monaco-button', { hasText: /^Send$/ }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30000 });
    // Saved: no tab of the twin's document (its own, the compare view's) shows unsaved changes any more. Without
    // auto save (the test sessions turn it off, as desktop VS Code has it) a tab shows them until the save is done.
    await page
      .locator('.tabs-container .tab.dirty', { hasText: 'RL-L01-PLANT' })
      .first()
      .waitFor({ state: 'detached', timeout: 30000 });
  });
});
