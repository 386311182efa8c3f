// Helpers for UI end-to-end specs (test/e2e/*.e2e.test.ts): a real VS Code workbench (code-server) with the
// extension loaded, the local emulator behind it, driven by headless chromium through playwright-core.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { launchChromium } from '../harness/browser';
import { startCodeServer, TEST_SESSION_SETTINGS, type CodeServer } from '../harness/codeServer';
import { emulatorBundle, startEmulatorProcess, wireToEmulator, type EmulatorProcess } from '../harness/emulatorProcess';
import { repoRoot } from '../harness/harnessPaths';

export const screenshotDir = join(repoRoot, 'test', 'e2e', 'screenshots');
/** The README's images: `readmeImage` copies its screenshot here when BUILDING_TWINS_README_IMAGES=1. */
export const readmeImageDir = join(repoRoot, 'docs', 'images');

export type Theme = 'dark' | 'light';
// The "Modern" default themes fall back to Light+ in code-server 4.99 offline; the "+" themes apply.
// A development-mode workbench ignores workbench.colorTheme from the settings file, so themes are picked
// through "Preferences: Color Theme"; the workbench element then carries the theme's class.
const themes: Record<Theme, { label: string; setting: string; themeClass: string }> = {
  dark: { label: 'Dark+', setting: 'Default Dark+', themeClass: 'vscode-theme-defaults-themes-dark_plus-json' },
  light: { label: 'Light+', setting: 'Default Light+', themeClass: 'vscode-theme-defaults-themes-light_plus-json' },
};

export interface WorkbenchOptions {
  theme?: Theme;
  /** Start the emulator and point the extension at it (default: true). Throws when dist/emulator.js is missing. */
  emulator?: boolean;
  /** Emulator command-line flags, e.g. ['--scale', '2']. */
  emulatorArgs?: string[];
  /** Run the extensions installed in this folder (e.g. from the VSIX) instead of the development extension. */
  extensionsDir?: string;
  /** With `extensionsDir`: also run this folder as a development extension (e.g. a probe fixture). */
  developmentPath?: string;
  /** Extra user settings. */
  settings?: Record<string, unknown>;
  /** The folder the workbench opens (default: an empty temporary one). */
  folder?: string;
  /** 'untrusted': workspace trust on and the folder not trusted (Restricted Mode). Default: trust disabled. */
  workspaceTrust?: 'disabled' | 'untrusted';
}

export class Workbench {
  private constructor(
    readonly page: Page,
    readonly server: CodeServer,
    private readonly browser: Browser,
    readonly emulator: EmulatorProcess | undefined,
    /** Milliseconds from opening the page until the Building Twins activity-bar entry and the theme showed. */
    readonly readyMs: number,
  ) {}

  /** Starts emulator, code-server and chromium, and waits until the Building Twins activity-bar entry shows. */
  static async open(options: WorkbenchOptions = {}): Promise<Workbench> {
    const cleanUps: Array<() => Promise<unknown>> = [];
    try {
      let emulator: EmulatorProcess | undefined;
      if (options.emulator ?? true) {
        if (!existsSync(emulatorBundle))
          throw new Error(`${emulatorBundle} is missing: run \`npm run build\` (needs src/emulator/main.ts)`);
        emulator = await startEmulatorProcess({ args: options.emulatorArgs });
        cleanUps.push(() => emulator!.stop());
      }
      const wiring = wireToEmulator(emulator);
      const settings = {
        ...TEST_SESSION_SETTINGS,
        'workbench.colorTheme': themes[options.theme ?? 'dark'].setting,
        ...wiring.settings,
        ...options.settings,
      };
      const env = wiring.env;
      const server = await startCodeServer({
        settings,
        env,
        extensionsDir: options.extensionsDir,
        folder: options.folder,
        workspaceTrust: options.workspaceTrust,
      });
      cleanUps.push(() => server.stop());
      const browser = await launchChromium();
      cleanUps.push(() => browser.close());
      const page = await browser.newPage({
        viewport: { width: 1400, height: 900 },
        colorScheme: options.theme ?? 'dark',
      });
      page.on('pageerror', (error) => console.log(`[workbench] page error: ${error.message}`));
      const started = Date.now();
      const payload: Array<[string, string]> = [['skipWelcome', 'true']];
      const developmentPath = options.extensionsDir ? options.developmentPath : repoRoot;
      if (developmentPath) payload.push(['extensionDevelopmentPath', server.remoteUri(developmentPath)]);
      await page.goto(server.workbenchUrl(payload));
      await activityBarEntry(page).waitFor({ timeout: 90000 });
      const workbench = new Workbench(page, server, browser, emulator, Date.now() - started);
      await workbench.setTheme(options.theme ?? 'dark');
      return workbench;
    } catch (error) {
      for (const cleanUp of cleanUps.reverse()) await cleanUp().catch(() => undefined);
      throw error;
    }
  }

  /** Clicks the Building Twins activity-bar entry (unless its side bar is already showing) and returns the Explorer pane. */
  async openView(): Promise<Locator> {
    const pane = this.pane('Explorer');
    if (!(await pane.isVisible())) {
      await activityBarEntry(this.page).click();
      await pane.waitFor({ timeout: 30000 });
    }
    return pane;
  }

  /** A view pane of the side bar by its header title, e.g. 'Explorer'. */
  pane(title: string): Locator {
    return this.page.locator('.sidebar .pane', { has: this.page.locator('.pane-header', { hasText: title }) });
  }

  /** A tree row (any tree in the workbench) by the text of its label. */
  treeRow(label: string | RegExp): Locator {
    return this.page
      .locator('.monaco-list-row[role="treeitem"]', { has: this.page.locator('.label-name', { hasText: label }) })
      .first();
  }

  /**
   * Clicks a tree row with no row hover in the way. A row's hover opens where the mouse rests; newer VS Code (seen on
   * 1.139) keeps it open over the rows below while the tree grows under the mouse, and it takes the click.
   */
  async clickTreeRow(row: Locator): Promise<void> {
    const hovers = this.page.locator('.workbench-hover, .monaco-hover').filter({ visible: true });
    await this.page.mouse.move(900, 700);
    if (await hovers.count()) await this.page.keyboard.press('Escape');
    await hovers
      .first()
      .waitFor({ state: 'hidden', timeout: 10_000 })
      .catch(() => undefined);
    await row.click();
  }

  /**
   * Expands or collapses a tree row unless it already is (a click toggles: a test says what it wants, whatever an
   * earlier test left), then waits until the row shows it.
   */
  async setTreeRowExpanded(label: string | RegExp, expanded: boolean): Promise<void> {
    const row = this.treeRow(label);
    await row.waitFor({ timeout: 30000 });
    if ((await row.getAttribute('aria-expanded')) !== String(expanded)) await this.clickTreeRow(row);
    await this.page
      .locator(`.monaco-list-row[role="treeitem"][aria-expanded="${expanded}"]`, {
        has: this.page.locator('.label-name', { hasText: label }),
      })
      .first()
      .waitFor({ timeout: 30000 });
  }

  /** Waits until a tree row with each label is visible. */
  async waitForTreeRows(labels: Array<string | RegExp>, timeout = 30000): Promise<void> {
    for (const label of labels) await this.treeRow(label).waitFor({ timeout });
  }

  /** Runs a command from the palette by its full title, e.g. 'Building Twins: Add Connection…'. */
  async runCommand(title: string): Promise<void> {
    const input = this.quickInput.locator('input[type="text"]').first();
    for (let attempt = 1; ; attempt += 1) {
      await this.page.keyboard.press('Escape');
      await this.page.keyboard.press('F1');
      try {
        await input.waitFor({ state: 'visible', timeout: 10_000 });
        await input.fill(`>${title}`, { timeout: 5_000 });
        await this.pickQuickInputItem(title, attempt === 3 ? 15_000 : 10_000);
        return;
      } catch (err) {
        if (attempt === 3) throw err;
        // F1 can land in a webview's frame (a chart or graph holding focus) and not reach the workbench, or a panel
        // still settling can take focus and close the palette: take focus back to the workbench and open it again.
        await this.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      }
    }
  }

  /** Accepts the item of the open quick pick whose label is exactly `label` (others may match the filter first). */
  async pickQuickInputItem(label: string, timeout = 15000): Promise<void> {
    const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    const row = this.quickInput
      .locator('.quick-input-list .monaco-list-row', { has: this.page.locator('.label-name', { hasText: exact }) })
      .first();
    await row.waitFor({ timeout });
    await row.click();
  }

  /** The open quick pick / input box (for commands that ask for input). */
  get quickInput(): Locator {
    return this.page.locator('.quick-input-widget');
  }

  /** A notification toast containing the text. */
  notification(text: string | RegExp): Locator {
    return this.page.locator('.notifications-toasts .notification-list-item-message', { hasText: text }).first();
  }

  /**
   * The content frame of a webview (its own HTML lives two iframes deep). By default the most recently opened
   * one; pass `containing` to pick the webview that has an element matching that selector.
   */
  async webview(containing?: string, timeout = 30000): Promise<FrameLocator> {
    const outer = this.page.locator('iframe.webview.ready');
    await outer.first().waitFor({ state: 'attached', timeout });
    const frameOf = (i: number) =>
      this.page.frameLocator('iframe.webview.ready').nth(i).frameLocator('iframe#active-frame');
    if (!containing) return this.page.frameLocator('iframe.webview.ready').last().frameLocator('iframe#active-frame');
    const deadline = Date.now() + timeout;
    while (Date.now() < deadline) {
      const count = await outer.count();
      for (let i = count - 1; i >= 0; i--) if ((await frameOf(i).locator(containing).count()) > 0) return frameOf(i);
      await this.page.waitForTimeout(250);
    }
    throw new Error(`no webview contains ${containing} within ${timeout} ms`);
  }

  /** Switches the color theme (through the palette) unless it is already showing. */
  async setTheme(theme: Theme): Promise<void> {
    const applied = this.page.locator(`.monaco-workbench.${themes[theme].themeClass}`);
    if ((await applied.count()) > 0) return;
    await this.runCommand('Preferences: Color Theme');
    await this.quickInput.locator('input[type="text"]').first().fill(themes[theme].label);
    await this.pickQuickInputItem(themes[theme].label);
    await applied.waitFor({ state: 'attached', timeout: 30000 });
  }

  /** Saves a screenshot to test/e2e/screenshots/<name>.png (optionally in a theme) and returns its path. */
  async screenshot(name: string, theme?: Theme): Promise<string> {
    if (theme) await this.setTheme(theme);
    mkdirSync(screenshotDir, { recursive: true });
    await this.page.mouse.move(900, 700); // no hover tooltip over the activity bar in the picture
    const file = join(screenshotDir, `${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  /**
   * A screenshot the README shows: saved like `screenshot`, and copied to docs/images/<name>.png when the run has
   * BUILDING_TWINS_README_IMAGES=1 (so README images are only ever regenerated by a test).
   */
  async readmeImage(name: string, theme?: Theme): Promise<string> {
    const file = await this.screenshot(name, theme);
    if (process.env.BUILDING_TWINS_README_IMAGES === '1') copyFileSync(file, join(readmeImageDir, `${name}.png`));
    return file;
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    await this.server.stop();
    await this.emulator?.stop();
  }
}

function activityBarEntry(page: Page): Locator {
  return page.locator('.activitybar a[aria-label^="Building Twins"]').first();
}
