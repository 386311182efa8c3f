// Where the harness keeps its tools and how it finds the repository, shared by every harness module.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root, found from this file whether it runs from test/harness or out/test/harness. */
export const repoRoot = findRepoRoot(__dirname);

/** code-server 4.99.4 ships VS Code 1.99.3, the lowest version `engines.vscode` allows. */
export const CODE_SERVER_VERSION = '4.99.4';

export interface CodeServerPaths {
  /** The npm project code-server is installed into (.vscode-test/code-server). */
  home: string;
  /** node_modules/code-server inside home. */
  package: string;
  /** The VS Code server code inside the package (lib/vscode). */
  vscode: string;
  /** The server's entry point, started with the system node. */
  entry: string;
  /** Written after a verified install, holds the installed version. */
  marker: string;
}

export function codeServerPaths(): CodeServerPaths {
  const home = process.env.CODE_SERVER_HOME
    ? resolve(process.env.CODE_SERVER_HOME)
    : join(repoRoot, '.vscode-test', 'code-server');
  const pkg = join(home, 'node_modules', 'code-server');
  return {
    home,
    package: pkg,
    vscode: join(pkg, 'lib', 'vscode'),
    entry: join(pkg, 'out', 'node', 'entry.js'),
    marker: join(home, '.installed-version'),
  };
}

/** The Debian chromium that playwright-core drives (override with CHROMIUM). */
export const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

function findRepoRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json')) || !existsSync(join(dir, 'esbuild.mjs'))) {
    const parent = resolve(dir, '..');
    if (parent === dir) throw new Error(`cannot find the repository root above ${start}`);
    dir = parent;
  }
  return dir;
}
