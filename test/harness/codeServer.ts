// Starts code-server (VS Code in the browser) headless for one run: free port, own user data, extensions and TMPDIR.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureCodeServer } from './codeServerInstall';
import { delay, freePort, removeOnExit, spawnGroup } from './processGroup';

export interface CodeServerOptions {
  /** The folder the workbench opens (default: an empty temporary workspace). */
  folder?: string;
  /** User settings merged over the quiet defaults below (e.g. buildingTwins.emulator.port). */
  settings?: Record<string, unknown>;
  /** Extra environment for the server; the extension host inherits it. */
  env?: Record<string, string>;
  /** Use this extensions folder (e.g. one a VSIX was installed into) instead of an empty one. */
  extensionsDir?: string;
  /** Keep the run's temporary folder (logs, user data) after stop, for debugging. */
  keep?: boolean;
  /**
   * 'disabled' (default): no workspace trust at all. 'untrusted': trust is on and the folder is not trusted, so the
   * workbench runs in Restricted Mode (no startup prompt: the folder simply stays untrusted).
   */
  workspaceTrust?: 'disabled' | 'untrusted';
  startTimeoutMs?: number;
}

export interface CodeServer {
  url: string;
  port: number;
  folder: string;
  /** The run's own temporary folder: user-data, extensions, tmp, code-server.log. */
  runDir: string;
  logFile: string;
  /** `vscode-remote://HOST:PORT/abs/path`, the only URI form the web workbench accepts in its payload. */
  remoteUri(path: string): string;
  /** The workbench URL for a folder and an optional payload of [key, value] pairs. */
  workbenchUrl(payload?: Array<[string, string]>): string;
  stop(): Promise<void>;
}

const quietSettings = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
  'window.restoreWindows': 'none',
};

/**
 * Settings of the test sessions on top of the quiet ones. VS Code for the Web (code-server) auto saves after a second by
 * default, desktop VS Code does not: a test that edits a document and checks what its save sends must save only when
 * it says so, however slow the machine (an auto save in between leaves nothing to send).
 */
export const TEST_SESSION_SETTINGS = { 'files.autoSave': 'off' };

/** Common args: an own config file (else code-server creates ~/.config/code-server/config.yaml), no auth, no telemetry. */
function baseArgs(runDir: string, extensionsDir: string): string[] {
  const config = join(runDir, 'config.yaml');
  writeFileSync(config, 'auth: none\n');
  return [
    '--config',
    config,
    '--auth',
    'none',
    '--user-data-dir',
    join(runDir, 'user-data'),
    '--extensions-dir',
    extensionsDir,
  ];
}

export async function startCodeServer(options: CodeServerOptions = {}): Promise<CodeServer> {
  const paths = ensureCodeServer();
  const runDir = mkdtempSync(join(tmpdir(), 'building-twins-code-server-'));
  const userSettings = join(runDir, 'user-data', 'User');
  const tmp = join(runDir, 'tmp');
  const extensionsDir = options.extensionsDir ?? join(runDir, 'extensions');
  const folder = options.folder ?? join(runDir, 'workspace');
  for (const dir of [userSettings, tmp, extensionsDir, folder]) mkdirSync(dir, { recursive: true });
  const untrusted = options.workspaceTrust === 'untrusted';
  const trustSettings = untrusted
    ? { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never' }
    : {};
  writeFileSync(
    join(userSettings, 'settings.json'),
    JSON.stringify({ ...quietSettings, ...trustSettings, ...options.settings }, null, 2),
  );
  const port = await freePort();
  const logFile = join(runDir, 'code-server.log');
  const log = openSync(logFile, 'a');
  const server = spawnGroup(
    paths.node,
    [
      paths.entry,
      ...baseArgs(runDir, extensionsDir),
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--disable-telemetry',
      '--disable-update-check',
      ...(untrusted ? [] : ['--disable-workspace-trust']),
      '--disable-getting-started-override',
      folder,
    ],
    // EXTENSIONS_GALLERY={} turns off the marketplace lookups that fail offline; the own TMPDIR keeps ipc sockets apart.
    { env: { EXTENSIONS_GALLERY: '{}', ...process.env, ...options.env, TMPDIR: tmp }, stdio: ['ignore', log, log] },
  );
  const url = `http://127.0.0.1:${port}`;
  const forget = options.keep ? () => false : removeOnExit(runDir);
  const stop = async () => {
    await server.stop();
    forget();
    if (!options.keep) rmSync(runDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.startTimeoutMs ?? 60000);
  for (;;) {
    if (server.child.exitCode !== null) {
      const tail = readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
      await stop();
      throw new Error(`code-server exited with code ${server.child.exitCode} while starting:\n${tail}`);
    }
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`code-server did not answer ${url}/healthz within ${options.startTimeoutMs ?? 60000} ms`);
    }
    await delay(150);
  }
  const remoteUri = (path: string) => `vscode-remote://127.0.0.1:${port}${path}`;
  return {
    url,
    port,
    folder,
    runDir,
    logFile,
    remoteUri,
    workbenchUrl(payload) {
      const query = new URLSearchParams({ folder });
      if (payload) query.set('payload', JSON.stringify(payload));
      return `${url}/?${query}`;
    },
    stop,
  };
}

/** Installs a VSIX into an extensions folder with code-server's CLI; returns the installed extension folder names. */
export function installVsix(vsixPath: string, extensionsDir: string): string[] {
  const paths = ensureCodeServer();
  const runDir = mkdtempSync(join(tmpdir(), 'building-twins-vsix-install-'));
  try {
    const cli = (...args: string[]) =>
      spawnSync(paths.node, [paths.entry, ...baseArgs(runDir, extensionsDir), ...args], {
        encoding: 'utf8',
        env: { EXTENSIONS_GALLERY: '{}', ...process.env, TMPDIR: runDir },
      });
    const install = cli('--install-extension', vsixPath);
    if (install.status !== 0)
      throw new Error(`code-server --install-extension ${vsixPath} failed:\n${install.stdout}${install.stderr}`);
    const list = cli('--list-extensions', '--show-versions');
    return list.stdout
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  } finally {
    rmSync(runDir, { recursive: true, force: true });
  }
}
