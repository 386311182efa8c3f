import * as assert from 'node:assert/strict';
import { Workbench } from './workbench';

describe('workbench: the Building Twins view', () => {
  let workbench: Workbench;
  before(async () => {
    workbench = await Workbench.open({ theme: 'dark' });
    console.log(`      workbench ready ${workbench.readyMs} ms after opening the page`);
  });
  after(async () => workbench?.close());

  it('shows the Explorer view from the activity bar', async () => {
    const started = Date.now();
    const pane = await workbench.openView();
    await workbench.page.locator('.sidebar .composite.title', { hasText: /Building Twins/i }).waitFor();
    // Either the tree (once a connection exists) or the welcome content with its links renders in the pane body.
    const body = pane.locator('.pane-body');
    await body.locator('.monaco-list-row, .welcome-view-content').first().waitFor({ timeout: 30000 });
    console.log(`      [metric] viewShownMs=${Date.now() - started}`);
    assert.ok(await body.isVisible());
    await workbench.screenshot('explorer');
  });

  it('lists the extension commands in the command palette', async () => {
    await workbench.page.keyboard.press('F1');
    const input = workbench.quickInput.locator('input[type="text"]').first();
    await input.fill('>Building Twins: ');
    const rows = workbench.quickInput.locator('.quick-input-list .monaco-list-row');
    await rows.first().waitFor();
    const labels = await rows.allTextContents();
    assert.ok(
      labels.some((l) => l.includes('Building Twins: Add Connection…')),
      `palette rows: ${labels.join(' | ')}`,
    );
    await workbench.page.keyboard.press('Escape');
  });

  it('renders in the light theme too', async () => {
    await workbench.openView();
    await workbench.screenshot('explorer-light', 'light');
  });
});
