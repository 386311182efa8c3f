import * as assert from 'node:assert/strict';
import { withDevelopmentPayload } from '../../harness/workbenchPayload';

// The code around the payload loop as minified in the two pinned releases (environmentService.ts).
const vscode199 =
  'g(){const i={params:{port:null,break:!1}};if(this.b)for(const[t,s]of this.b)switch(t){case"extensionDevelopmentPath":i.x=1}}';
const vscode1139 =
  'resolveExtensionHostDebugEnvironment(){let o={};if(this.payload&&(!this.isBuilt||this.enableSmokeTestDriver))for(let[t,i]of this.payload)switch(t){case"extensionDevelopmentPath":o.x=1}}';

describe('workbench development payload (install-time change)', () => {
  it('drops the built-product guard of 1.139 so the payload loads the extension in development mode', () => {
    const { source, patched } = withDevelopmentPayload(vscode1139);
    assert.equal(patched, true);
    assert.ok(source.includes('if(this.payload)for(let[t,i]of this.payload)switch(t){case"extensionDevelopmentPath"'));
    assert.ok(!source.includes('enableSmokeTestDriver'));
  });

  it('leaves a workbench that already honours the payload (1.99) unchanged', () => {
    assert.deepEqual(withDevelopmentPayload(vscode199), { source: vscode199, patched: false });
  });

  it('stops on a workbench whose payload handling it does not know', () => {
    assert.throws(
      () =>
        withDevelopmentPayload(
          'if(this.payload&&this.somethingNew)for(let[t,i]of this.payload)switch(t){case"extensionDevelopmentPath":}',
        ),
      /does not read extensionDevelopmentPath from the payload in a form this harness knows/,
    );
    assert.throws(() => withDevelopmentPayload(vscode1139 + vscode1139), /appears 2 times/);
  });
});
