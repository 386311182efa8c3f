import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installVsix } from '../harness/codeServer';
import { repoRoot } from '../harness/harnessPaths';
import { packageVsix } from '../harness/vsixPackage';
import { Workbench } from './workbench';

describe('VSIX: installed into code-server, not in development mode', () => {
  // Made in before(), not at load time, so a filtered-out run leaves no folder behind.
  let dir = '';
  let extensionsDir = '';
  let workbench: Workbench | undefined;
  let installed: string[] = [];
  // Packaged, installed and opened once for the file: each test looks at one side of the installed extension.
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'building-twins-vsix-e2e-'));
    extensionsDir = join(dir, 'extensions');
    const vsix = join(dir, 'building-twins.vsix');
    await packageVsix(vsix);
    mkdirSync(extensionsDir);
    installed = installVsix(vsix, extensionsDir);
    // The exports probe is another extension asking Building Twins for its exports, as any installed one could.
    workbench = await Workbench.open({
      extensionsDir,
      developmentPath: join(repoRoot, 'test', 'fixtures', 'exports-probe'),
    });
  });
  after(async () => {
    await workbench?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('installs with --install-extension', () => {
    assert.ok(
      installed.some((id) => id.startsWith('building-twins.building-twins@')),
      `installed: ${installed.join(', ')}`,
    );
  });

  it('shows the Building Twins view container and its Explorer view', async () => {
    assert.ok(workbench, 'the workbench opened with the installed extension');
    const pane = await workbench.openView();
    await pane
      .locator('.pane-body .monaco-list-row, .pane-body .welcome-view-content')
      .first()
      .waitFor({ timeout: 30000 });
    await workbench.screenshot('vsix-explorer');
  });

  it('exports nothing to other extensions (no context, secrets, tokens or scripted input)', async () => {
    assert.ok(workbench, 'the workbench opened with the installed extension');
    const probe = workbench.page.locator('.statusbar-item', { hasText: 'exports-probe:' }).first();
    await probe.waitFor({ timeout: 60000 });
    assert.equal((await probe.innerText()).trim(), 'exports-probe: none');
  });
});
