import * as assert from 'node:assert/strict';
import { Workbench } from './workbench';

describe('tickets (preview) in the explorer', () => {
  let workbench: Workbench;
  before(async () => {
    workbench = await Workbench.open({ theme: 'dark' });
  });
  after(async () => workbench?.close());

  it('expands the tickets by status, opens a ticket document and takes a screenshot', async () => {
    const pane = await workbench.openView();
    await workbench.waitForTreeRows(['Local emulator', 'Events', 'Tickets (preview)']);

    await workbench.treeRow(/^Tickets \(preview\)$/).click();
    await workbench.waitForTreeRows([/^Open$/]);
    const openGroup = workbench.treeRow(/^Open$/);
    assert.match((await openGroup.textContent()) ?? '', /\d/, 'the status group shows its ticket count');

    // A status group's tickets are the rows one level deeper, each with a priority badge.
    await openGroup.click();
    const ticket = pane.locator('.monaco-list-row[aria-level="4"]').first();
    await ticket.waitFor({ timeout: 30000 });
    assert.equal(
      await ticket.locator('.codicon-flame, .codicon-arrow-up, .codicon-dash, .codicon-arrow-down').count(),
      1,
      'a priority badge',
    );
    await ticket.click();

    const tab = workbench.page.locator('.tabs-container .tab', { hasText: /\.json/ }).first();
    await tab.waitFor({ timeout: 30000 });
    await workbench.page
      .locator('.monaco-editor .view-lines', { hasText: '"ticketStatus"' })
      .first()
      .waitFor({ timeout: 30000 });

    const file = await workbench.screenshot('tickets');
    console.log(`      screenshot ${file}`);
  });
});
