import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installVsix } from '../harness/codeServer';
import { packageVsix } from '../harness/vsixPackage';
import { Workbench } from './workbench';

describe('VSIX: installed into code-server, not in development mode', () => {
  const dir = mkdtempSync(join(tmpdir(), 'building-twins-vsix-e2e-'));
  const extensionsDir = join(dir, 'extensions');
  let workbench: Workbench | undefined;
  after(async () => {
    await workbench?.close();
    rmSync(dir, { recursive: true, force: true });
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
