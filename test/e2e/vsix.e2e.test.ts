import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installVsix } from '../harness/codeServer';
import { packageVsix } from '../harness/vsixPackage';
import { Workbench } from './workbench';

describe('VSIX: installed into code-server, not in development mode', () => {
  // Made in before(), not at load time, so a filtered-out run leaves no folder behind.
  let dir = '';
  let extensionsDir = '';
  let workbench: Workbench | undefined;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'building-twins-vsix-e2e-'));
    extensionsDir = join(dir, 'extensions');
  });
  after(async () => {
    await workbench?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('installs with --install-extension', async () => {
    const vsix = join(dir, 'building-twins.vsix');
    await packageVsix(vsix);
    mkdirSync(extensionsDir);
    const installed = installVsix(vsix, extensionsDir);
    assert.ok(installed.some((id) => id.startsWith('building-twins.building-twins@')), `installed: ${installed.join(', ')}`);
  });

  it('shows the Building Twins view container and its Explorer view', async () => {
    workbench = await Workbench.open({ extensionsDir });
    const pane = await workbench.openView();
    await pane.locator('.pane-body .monaco-list-row, .pane-body .welcome-view-content').first().waitFor({ timeout: 30000 });
    await workbench.screenshot('vsix-explorer');
  });
});
