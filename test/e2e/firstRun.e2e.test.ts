import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { localisedManifest } from '../shared/manifest';
import { Workbench } from './workbench';

const manifest = localisedManifest<{
  version: string;
  bugs: { url: string };
  contributes: { commands: Array<{ command: string; title: string; category?: string }> };
}>();

/** The palette title of a contributed command, as the manifest says it today ("Building Twins: …"). */
function paletteTitle(command: string): string {
  const found = manifest.contributes.commands.find((c) => c.command === command);
  assert.ok(found, `${command} is contributed`);
  return `${found.category}: ${found.title}`;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function welcomeButton(pane: Locator, page: Page, text: string): Locator {
  return pane.locator('.welcome-view-content .monaco-button', { has: page.locator(`text=${text}`) }).first();
}

describe('first run in the UI: welcome view, Start and Stop, walkthrough, help', () => {
  let workbench: Workbench;
  let port: number;
  before(async () => {
    // No emulator, and the extension's port is one nothing listens on: a machine where nothing runs yet.
    port = await freePort();
    workbench = await Workbench.open({
      theme: 'dark',
      emulator: false,
      settings: { 'buildingTwins.emulator.port': port },
    });
  });
  after(async () => workbench?.close());

  /**
   * Puts the local emulator in the state a test starts from, whatever an earlier test left: running (its connection
   * in the explorer) or stopped (the welcome view's Start), through the palette's Start / Stop.
   */
  async function ensureEmulator(running: boolean): Promise<void> {
    const pane = await workbench.openView();
    const start = welcomeButton(pane, workbench.page, 'Start Local Emulator');
    const connection = workbench.treeRow('Local emulator');
    await start.or(connection).first().waitFor({ timeout: 60000 });
    if ((await connection.isVisible()) === running) return;
    await workbench.runCommand(paletteTitle(running ? 'buildingTwins.startEmulator' : 'buildingTwins.stopEmulator'));
    await (running ? connection : start).waitFor({ timeout: 60000 });
    await workbench.runCommand('Notifications: Clear All Notifications');
  }

  /** The Building Twins walkthrough, open, with its first step and that step's checkbox. */
  async function openWalkthrough(): Promise<{
    walkthrough: Locator;
    firstStep: Locator;
    checkbox: (checked: boolean) => Locator;
  }> {
    await workbench.runCommand(paletteTitle('buildingTwins.openWalkthrough'));
    const walkthrough = workbench.page.locator('.gettingStartedContainer');
    await walkthrough
      .locator('h2.category-title', { hasText: 'Get Started with Building Twins' })
      .waitFor({ timeout: 30000 });
    const firstStep = walkthrough.locator('.getting-started-step[data-step-id$="#startEmulator"]');
    await firstStep.waitFor({ timeout: 30000 });
    // A done step is folded (the walkthrough unfolds the next one): unfold it to show its button.
    await firstStep.locator('.step-title').click();
    await firstStep.locator('.monaco-button', { hasText: 'Start Local Emulator' }).waitFor({ timeout: 10000 });
    return {
      walkthrough,
      firstStep,
      checkbox: (checked) => firstStep.locator(`[role="checkbox"][aria-checked="${checked}"]`),
    };
  }

  it('shows the welcome view while nothing runs; Start fills the tree with twins, no refresh needed', async () => {
    await ensureEmulator(false);
    const opening = Date.now();
    const pane = await workbench.openView();
    const start = welcomeButton(pane, workbench.page, 'Start Local Emulator');
    await start.waitFor({ timeout: 60000 });
    const welcomeMs = Date.now() - opening;
    await welcomeButton(pane, workbench.page, 'Add Connection').waitFor();
    await pane.locator('.welcome-view-content a', { hasText: 'documentation' }).waitFor();
    assert.equal(
      await pane.locator('.monaco-list-row[role="treeitem"]').count(),
      0,
      'no connection row that could only fail',
    );
    await workbench.readmeImage('welcome-view');

    const clicked = Date.now();
    await start.click();
    await workbench.waitForTreeRows(['Local emulator', 'Twins'], 60000);
    await workbench.setTreeRowExpanded(/^Twins$/, true);
    const level = workbench.treeRow(/^Level$/);
    await level.waitFor({ timeout: 30000 });
    assert.match(
      (await level.locator('.label-description').textContent()) ?? '',
      /^\d+ twins?$/,
      'the group count says what it counts',
    );
    await workbench.setTreeRowExpanded(/^Level$/, true);
    await workbench.waitForTreeRows(['Level 1']);
    const firstTwinMs = Date.now() - clicked;
    await workbench
      .notification(`Local emulator listening on http://127.0.0.1:${port}/api/v3`)
      .waitFor({ timeout: 30000 });
    console.log(
      `      [metric] welcomeViewMs=${welcomeMs} startToFirstTwinMs=${firstTwinMs} (includes two clicks to expand Twins > Level)`,
    );
    await workbench.readmeImage('first-twins');
  });

  it('the walkthrough agrees with the welcome view: its first step is ticked, and its Start says the emulator runs', async () => {
    await ensureEmulator(true);
    const { firstStep, checkbox } = await openWalkthrough();
    await checkbox(true).waitFor({ timeout: 10000 });
    // Its button with the emulator running: a no-op that says so, not an error.
    await firstStep.locator('.monaco-button', { hasText: 'Start Local Emulator' }).click();
    await workbench
      .notification(`The local emulator is already running at http://127.0.0.1:${port}/api/v3.`)
      .waitFor({ timeout: 30000 });
    await workbench.runCommand('Notifications: Clear All Notifications');
  });

  it('Stop says it stopped, and the welcome view comes back', async () => {
    await ensureEmulator(true);
    const pane = await workbench.openView();
    await workbench.runCommand(paletteTitle('buildingTwins.stopEmulator'));
    await workbench
      .notification(
        `Local emulator at http://127.0.0.1:${port}/api/v3 stopped: "Local emulator" is offline until you start it again`,
      )
      .waitFor({ timeout: 30000 });
    await welcomeButton(pane, workbench.page, 'Start Local Emulator').waitFor({ timeout: 30000 });
  });

  it('the walkthrough opens, and its first step completes when its button starts the emulator', async () => {
    await ensureEmulator(false);
    const { walkthrough, firstStep, checkbox } = await openWalkthrough();
    assert.equal(
      await walkthrough.locator('.getting-started-step').count(),
      8,
      'start, browse, open and edit, chart, insights, connection, import, request file',
    );
    // Ticked by an earlier Start: the mark undone, to see the step's own button tick it.
    await checkbox(true).or(checkbox(false)).first().waitFor({ timeout: 10000 });
    if (await checkbox(true).isVisible()) await checkbox(true).click();
    await checkbox(false).waitFor({ timeout: 10000 });
    // The emulator's rows in the explorer prove the start (its "listening on" toast hides by itself and can be
    // gone by the time a loaded machine gets here).
    await firstStep.locator('.monaco-button', { hasText: 'Start Local Emulator' }).click();
    await workbench.waitForTreeRows(['Local emulator'], 60000);
    await checkbox(true).waitFor({ timeout: 30000 });
    await workbench.runCommand('Notifications: Clear All Notifications');
    await workbench.readmeImage('walkthrough');
  });

  it("Help and Feedback: Report an Issue opens GitHub's new-issue form with the versions filled in", async () => {
    await workbench.openView();
    const help = workbench.pane('Help and Feedback');
    const header = help.locator('.pane-header');
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    await workbench.waitForTreeRows([
      'Documentation',
      'Get Started',
      'Local Emulator Documentation',
      'Review Issues',
      'Report an Issue',
    ]);
    // Offline the new tab never loads GitHub: its request says where it was sent.
    const popup = workbench.page.waitForEvent('popup', { timeout: 30000 });
    const request = workbench.page
      .context()
      .waitForEvent('request', { predicate: (r) => r.url().includes('/issues/new'), timeout: 30000 });
    await workbench.treeRow(/^Report an Issue$/).click();
    // The workbench asks before opening a site that is not trusted yet.
    await workbench.page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Open$/ }).click({ timeout: 30000 });
    const opened = await popup;
    const url = new URL((await request).url());
    assert.equal(`${url.origin}${url.pathname}`, `${manifest.bugs.url}/new`);
    const body = url.searchParams.get('body') ?? '';
    assert.match(body, new RegExp(`^- Building Twins: ${manifest.version.replace(/\./g, '\\.')}$`, 'm'));
    assert.match(body, /^- VS Code: 1\.\d+\.\d+ \(code-server, web\)$/m);
    assert.match(body, /^- Service: Building Twin Data Service v3, local emulator/m);
    await opened.close();
  });
});

describe('Restricted Mode in the UI: an untrusted folder still browses a connection', () => {
  let workbench: Workbench;
  before(async () => {
    workbench = await Workbench.open({ theme: 'dark', workspaceTrust: 'untrusted' });
  });
  after(async () => workbench?.close());

  it('shows Restricted Mode and the explorer lists the twins of the local emulator', async () => {
    await workbench.page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ timeout: 60000 });
    await workbench.openView();
    await workbench.waitForTreeRows(['Local emulator', 'Twins'], 60000);
    await workbench.treeRow(/^Twins$/).click();
    await workbench.treeRow(/^Level$/).click();
    await workbench.waitForTreeRows(['Level 1']);
    await workbench.screenshot('restricted-mode');
  });
});
