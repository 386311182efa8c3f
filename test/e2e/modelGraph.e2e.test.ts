// The model graph in the workbench, on the Willow ontology opened as the workspace folder: "what may a VAV box be fed
// by, and what does it extend?" read after finding the model, in dark and light themes.
import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { willowOntology } from '../unit/dtdl/ontologyPath';
import { Workbench } from './workbench';

describe('model graph in the workbench', () => {
  let workbench: Workbench;

  before(async () => {
    workbench = await Workbench.open({ theme: 'dark', folder: willowOntology() });
  });

  after(async () => workbench?.close());

  async function ready(frame: FrameLocator): Promise<void> {
    await frame.locator('body[data-state="ready"], body[data-state="error"]').first().waitFor({ timeout: 120_000 });
    const status = await frame.locator('.status').first().textContent();
    assert.equal(await frame.locator('body').getAttribute('data-state'), 'ready', String(status));
  }

  it("finds the VAV box among Willow's models and shows what it extends and what may feed it", async () => {
    await workbench.runCommand('Building Twins: Show Model Graph…');
    await workbench.pickQuickInputItem('Ontology');
    const frame = await workbench.webview('body[data-panel="modelGraph"]', 60_000);
    await ready(frame);
    assert.ok(Number(await frame.locator('body').getAttribute('data-node-count')) > 10, 'the top models and theirs');

    await frame.locator('vscode-textfield.search input').fill('VAV Box');
    await frame.locator('vscode-textfield.search input').press('Enter');
    await frame
      .locator('.found button', { hasText: /^VAV Box$/ })
      .first()
      .click();
    await frame.locator('body[data-root-ids="dtmi:com:willowinc:VAVBox;1"]').waitFor({ timeout: 60_000 });
    await ready(frame);

    const details = frame.locator('.details');
    await details.locator('h2', { hasText: 'VAV Box' }).waitFor();
    const chain = await details.locator('.chain li').allTextContents();
    assert.equal(chain[0], 'Terminal Unit', chain.join(' → '));
    assert.ok(chain.includes('Equipment'), chain.join(' → '));
    const fedBy = (await details.locator('.members li').allTextContents()).find((t) => t.startsWith('isFedBy'));
    assert.match(String(fedBy), /isFedBy → any model \(from Equipment\)/);
    // Outgoing from the VAV box: what it extends and what it may relate to, "any model" among them.
    assert.ok(Number(await frame.locator('body').getAttribute('data-node-count')) > 5);
    await workbench.readmeImage('model-graph-dark', 'dark');
    await workbench.screenshot('model-graph-light', 'light');
    await workbench.setTheme('dark');
  });
});
