// Twin request files in the workbench: open the sample file, click "Run" above a request, and the results
// panel beside it shows the twins in a table (the README's picture of the feature).
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../harness/harnessPaths';
import { Workbench } from './workbench';

describe('twin request files in the workbench', () => {
  let workbench: Workbench;

  before(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'twinq-e2e-'));
    writeFileSync(
      join(folder, 'sample-building.twinq.json'),
      readFileSync(join(repoRoot, 'media', 'samples', 'sample-building.twinq.json')),
    );
    workbench = await Workbench.open({ theme: 'dark', folder });
  });

  after(async () => workbench?.close());

  /** Opens the sample request file (Quick Open) and waits for its lenses; a file already open comes to the front. */
  async function openSampleFile(): Promise<void> {
    const page = workbench.page;
    await page.keyboard.press('Control+P');
    const input = workbench.quickInput.locator('input[type="text"]').first();
    await input.waitFor({ state: 'visible' });
    await input.fill('sample-building.twinq.json');
    await workbench.quickInput.locator('.monaco-list-row').first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.codelens-decoration a', { hasText: /^Run$/ }).first().waitFor({ timeout: 60_000 });
    // The lenses of one file can render one after the other: wait for Run all too.
    await page
      .locator('.codelens-decoration a', { hasText: /^Run all/ })
      .first()
      .waitFor({ timeout: 60_000 });
  }

  it('runs a request from its CodeLens and shows the results table beside the file', async () => {
    const page = workbench.page;
    await openSampleFile();
    await page.locator('.codelens-decoration a', { hasText: /^Run$/ }).first().click();
    const frame = await workbench.webview('body[data-panel="requestResults"]', 60_000);
    await frame.locator('body[data-state="ready"]').waitFor({ timeout: 60_000 });
    const rows = frame.locator('#results-table tbody tr');
    assert.ok((await rows.count()) > 0, 'the table has rows');
    const header = await frame.locator('#results-table thead th').allTextContents();
    assert.deepEqual(header.slice(0, 2), ['id', 'modelId']);
    assert.match((await rows.first().locator('td').first().textContent()) ?? '', /^HP-L03-VAV\d$/);
    // The run's progress notification closes once every request has answered.
    await page
      .locator('.notification-toast', { hasText: 'Running requests' })
      .waitFor({ state: 'detached', timeout: 30_000 });
    await workbench.readmeImage('request-results');
  });

  it('charts a time-series result and shows its JSON', async () => {
    const page = workbench.page;
    await openSampleFile();
    const run = page.locator('.codelens-decoration a', { hasText: /^Run all/ }).first();
    await run.click();
    const frame = await workbench.webview('body[data-panel="requestResults"]', 60_000);
    const tab = frame.locator('.tabs .tab', { hasText: 'A day of CO2 in the lobby' });
    await tab.waitFor({ timeout: 60_000 });
    await frame.locator('.tabs .tab.ok', { hasText: 'A day of CO2 in the lobby' }).waitFor({ timeout: 60_000 });
    await tab.click();
    await frame.locator('button[data-view="chart"]:not([hidden])').click();
    await frame.locator('#results-chart canvas').first().waitFor({ timeout: 30_000 });
    await frame.locator('button[data-view="json"]').click();
    await frame.locator('#results-json', { hasText: '"scalarValue"' }).waitFor({ timeout: 30_000 });
  });
});
