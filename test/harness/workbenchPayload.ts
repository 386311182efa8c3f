// The web workbench reads extensionDevelopmentPath / extensionTestsPath from the URL's `payload` parameter
// (environmentService.ts, resolveExtensionHostDebugEnvironment). Up to at least VS Code 1.117 it always did; by
// 1.139 it does so only when the workbench is not a built product or the smoke-test driver is enabled, and
// code-server refuses --enable-smoke-test-driver. Turning the driver on from the browser side is no way out: it
// also hides notification toasts and changes editor placement. So the install drops that one guard from the
// installed workbench.js; `allowDevelopmentPayload` verifies the result on every version, patched or not.
import { readFileSync, writeFileSync } from 'node:fs';

/** `if(this.X&&(!this.isBuilt||this.enableSmokeTestDriver))for(` as minified in 1.139. */
const guarded = /if\((this\.[\w$]+)&&\(!this\.isBuilt\|\|this\.enableSmokeTestDriver\)\)for\(/g;
/** The unguarded loop over the payload that starts with the extensionDevelopmentPath case. */
const honoured =
  /if\(this\.[\w$]+\)for\((?:const|let|var)\[[\w$]+,[\w$]+\]of this\.[\w$]+\)switch\([\w$]+\)\{case"extensionDevelopmentPath"/;

/** Returns the workbench source with the payload guard removed; throws when the code is not the one this knows. */
export function withDevelopmentPayload(source: string): { source: string; patched: boolean } {
  const matches = source.match(guarded)?.length ?? 0;
  if (matches > 1)
    throw new Error(`the development payload guard appears ${matches} times in workbench.js; expected at most once`);
  const result = matches === 1 ? source.replace(guarded, 'if($1)for(') : source;
  if (!honoured.test(result)) {
    throw new Error(
      'workbench.js does not read extensionDevelopmentPath from the payload in a form this harness knows; ' +
        'look at resolveExtensionHostDebugEnvironment in the new release and update test/harness/workbenchPayload.ts',
    );
  }
  return { source: result, patched: matches === 1 };
}

/** Patches the installed workbench.js in place when needed; returns whether it changed the file. */
export function allowDevelopmentPayload(workbenchJs: string): boolean {
  const { source, patched } = withDevelopmentPayload(readFileSync(workbenchJs, 'utf8'));
  if (patched) writeFileSync(workbenchJs, source);
  return patched;
}
