// Installs code-server from the npm registry only (its own postinstall would download ripgrep from GitHub),
// into .vscode-test/code-server. Skips when an install of the pinned version is present and verified.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODE_SERVER_VERSION, codeServerPaths, type CodeServerPaths } from './harnessPaths';
import { requireSystemPackages } from './systemPackages';

const nativeModules = ['node-pty', '@parcel/watcher', '@vscode/spdlog', 'kerberos', 'native-watchdog', '@vscode/deviceid'];

/** True when the pinned version is installed; `deep` also loads every native module and asks for the version. */
export function isCodeServerInstalled(paths: CodeServerPaths, deep = false): boolean {
  if (!existsSync(paths.entry)) return false;
  if (!deep) return existsSync(paths.marker) && readFileSync(paths.marker, 'utf8').trim() === CODE_SERVER_VERSION;
  const loadable = nativeModules.filter((m) => m !== '@vscode/deviceid');
  const load = spawnSync(process.execPath, ['-e', `for (const m of ${JSON.stringify(loadable)}) require(m)`], { cwd: paths.vscode, encoding: 'utf8' });
  if (load.status !== 0) {
    console.error(`code-server native modules do not load (exit ${load.status}):\n${load.stderr}`);
    return false;
  }
  return probeCodeServerVersion(paths.entry);
}

/**
 * True when `entry --version` names the pinned version. The probe runs with a throwaway HOME and config so
 * it never touches the user's, and it finds the version on any line: a first run prints "Wrote default
 * config file to …" before it.
 */
export function probeCodeServerVersion(entry: string, expected = CODE_SERVER_VERSION): boolean {
  const home = mkdtempSync(join(tmpdir(), 'code-server-probe-'));
  try {
    const version = spawnSync(process.execPath, [entry, '--version', '--config', join(home, 'config.yaml')], {
      encoding: 'utf8',
      env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local', 'share') },
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

export function ensureCodeServer(options: { force?: boolean } = {}): CodeServerPaths {
  const paths = codeServerPaths();
  if (!options.force && isCodeServerInstalled(paths)) return paths;
  requireSystemPackages('codeServerBuild');
  const started = Date.now();
  const step = (text: string) => console.log(`[install code-server ${((Date.now() - started) / 1000).toFixed(1)}s] ${text}`);
  // node-gyp uses the system node's headers when present, so nothing is fetched from nodejs.org.
  const env = { ...process.env, npm_config_yes: 'true', ...(existsSync('/usr/include/node/node.h') ? { npm_config_nodedir: '/usr' } : {}) };
  const npm = (cwd: string, ...args: string[]) =>
    execFileSync('npm', ['--no-audit', '--no-fund', '--loglevel=error', ...args], { cwd, env, stdio: 'inherit' });

  rmSync(paths.home, { recursive: true, force: true });
  mkdirSync(paths.home, { recursive: true });
  writeFileSync(join(paths.home, 'package.json'), JSON.stringify({ name: 'code-server-host', private: true }));
  step(`npm install code-server@${CODE_SERVER_VERSION} (without install scripts)`);
  npm(paths.home, 'install', '--ignore-scripts', `code-server@${CODE_SERVER_VERSION}`);
  step('VS Code server dependencies');
  npm(paths.vscode, 'install', '--unsafe-perm', '--omit=dev', '--ignore-scripts');
  step('rebuild native modules for this node');
  npm(paths.vscode, 'rebuild', ...nativeModules);
  // What code-server's postinstall would do, with Debian's ripgrep instead of a GitHub download.
  const ripgrepBin = join(paths.vscode, 'node_modules', '@vscode', 'ripgrep', 'bin');
  mkdirSync(ripgrepBin, { recursive: true });
  cpSync('/usr/bin/rg', join(ripgrepBin, 'rg'));
  relink('node_modules', join(paths.vscode, 'node_modules.asar'));
  relink('code-linux.sh', join(paths.vscode, 'bin', 'remote-cli', 'code-server'));
  relink('browser-linux.sh', join(paths.vscode, 'bin', 'helpers', 'browser.sh'));
  step('built-in extension dependencies');
  npm(join(paths.vscode, 'extensions'), 'install', '--unsafe-perm', '--omit=dev', '--ignore-scripts');
  step('argon2 from source (code-server loads it even with --auth none)');
  npm(paths.home, 'rebuild', 'argon2', '--build-from-source');

  if (!isCodeServerInstalled(paths, true)) {
    throw new Error(`code-server was installed into ${paths.home} but does not start or load its native modules (see above)`);
  }
  writeFileSync(paths.marker, `${CODE_SERVER_VERSION}\n`);
  step(`code-server ${CODE_SERVER_VERSION} ready`);
  return paths;
}

function relink(target: string, linkPath: string): void {
  rmSync(linkPath, { force: true });
  symlinkSync(target, linkPath);
}
