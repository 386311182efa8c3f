import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { helpLinks } from '../../../src/extension/help/helpLinks';
import { issueReportUrl, type IssueFacts } from '../../../src/extension/help/issueReport';
import { repoRoot } from '../../harness/harnessPaths';

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  repository: { url: string };
  bugs: { url: string };
  homepage: string;
  version: string;
};

const facts: IssueFacts = {
  extensionVersion: '0.1.0',
  vscodeVersion: '1.99.3',
  appName: 'code-server',
  uiKind: 'web',
  platform: 'linux',
  arch: 'x64',
  activeService: 'service instance',
  customConnections: 2,
};

describe('help links and the prefilled issue report', () => {
  it('derives every help address from the manifest', () => {
    const links = helpLinks(manifest);
    const repository = manifest.repository.url;
    assert.equal(links.documentation, `${repository}#readme`);
    assert.equal(links.documentation, manifest.homepage);
    assert.equal(links.emulatorDocumentation, `${repository}/blob/main/docs/emulator.md`);
    assert.equal(links.issues, manifest.bugs.url);
    assert.ok(links.issues.startsWith(repository));
  });

  it("opens GitHub's new-issue form with the versions of the extension, VS Code and the service in the body", () => {
    const url = new URL(issueReportUrl(`${manifest.bugs.url}/`, facts));
    assert.equal(`${url.origin}${url.pathname}`, `${manifest.bugs.url}/new`);
    const body = url.searchParams.get('body') ?? '';
    assert.match(body, /^- Building Twins: 0\.1\.0$/m);
    assert.match(body, /^- VS Code: 1\.99\.3 \(code-server, web\)$/m);
    assert.match(body, /^- OS: linux x64$/m);
    assert.match(body, /^- Service: Building Twin Data Service v3, a service instance \(address left out\)$/m);
    assert.match(body, /^- Connections besides the Local emulator: 2$/m);
    assert.doesNotMatch(body, /https?:\/\//, 'no address of any kind in the body');
    const local =
      new URL(issueReportUrl(manifest.bugs.url, { ...facts, activeService: 'local emulator' })).searchParams.get(
        'body',
      ) ?? '';
    assert.match(local, /^- Service: Building Twin Data Service v3, local emulator 0\.1\.0 \(bundled\)$/m);
  });
});
