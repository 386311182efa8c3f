import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionLog } from '../shell/extensionLog';

export interface EmulatorStartOptions {
  /** 0 picks a free port. */
  port: number;
  modelsFolder?: string;
  dataFolder?: string;
  /** Extra clients with limited permissions (the emulator's --clients FILE). */
  clientsFile?: string;
}

const LISTENING = /listening on (http:\/\/\S+\/api\/v3)/;
const START_TIMEOUT_MS = 60_000;

/**
 * The bundled emulator (`dist/emulator.js`) run as a child process with VS Code's own runtime
 * (`process.execPath` + ELECTRON_RUN_AS_NODE=1). Its output goes to its own output channel.
 */
export class EmulatorProcess implements vscode.Disposable {
  private child: ChildProcess | undefined;
  private runningUrl: string | undefined;
  private runningModelsFolder: string | undefined;
  private output: vscode.OutputChannel | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly extensionPath: string,
    private readonly log: ExtensionLog,
  ) {}

  /** The URL of the emulator this window started, while it runs. */
  get url(): string | undefined {
    return this.runningUrl;
  }

  /** The models folder the emulator this window started reads (`--models`), while it runs. */
  get modelsFolder(): string | undefined {
    return this.child ? this.runningModelsFolder : undefined;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  async start(options: EmulatorStartOptions): Promise<string> {
    if (this.child)
      throw new Error(
        vscode.l10n.t(
          'The local emulator is already running at {0}. Stop it first.',
          this.runningUrl ?? vscode.l10n.t('(starting)'),
        ),
      );
    const script = path.join(this.extensionPath, 'dist', 'emulator.js');
    if (!fs.existsSync(script))
      throw new Error(vscode.l10n.t('The bundled emulator is missing ({0}); build the extension first.', script));
    if (options.modelsFolder && !fs.existsSync(options.modelsFolder))
      throw new Error(vscode.l10n.t('The emulator models folder does not exist: {0}', options.modelsFolder));
    if (options.clientsFile && !fs.existsSync(options.clientsFile))
      throw new Error(vscode.l10n.t('The emulator clients file does not exist: {0}', options.clientsFile));
    const args = [script, '--port', String(options.port)];
    if (options.modelsFolder) args.push('--models', options.modelsFolder);
    if (options.dataFolder) args.push('--data', options.dataFolder);
    if (options.clientsFile) args.push('--clients', options.clientsFile);
    const output = (this.output ??= vscode.window.createOutputChannel('Building Twins Emulator'));
    output.appendLine(
      `> ${path.basename(process.execPath)} ${args.map((a) => (a === script ? 'dist/emulator.js' : a)).join(' ')}`,
    );

    this.runningModelsFolder = options.modelsFolder;
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.changed.fire();
    try {
      const url = await waitForListening(child, output);
      this.runningUrl = url;
      this.log.info(`Local emulator started at ${url} (pid ${child.pid ?? '?'})`);
      child.once('exit', (code, signal) => {
        if (this.child !== child) return;
        this.child = undefined;
        this.runningUrl = undefined;
        this.log.warn(`Local emulator exited (${signal ?? `code ${code ?? '?'}`})`);
        this.changed.fire();
      });
      this.changed.fire();
      return url;
    } catch (err) {
      child.kill();
      this.child = undefined;
      this.changed.fire();
      throw err;
    }
  }

  /** Stops the emulator this window started; resolves when the process has exited. */
  async stop(): Promise<boolean> {
    const child = this.child;
    if (!child) return false;
    this.child = undefined;
    this.runningUrl = undefined;
    const exited = new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    this.log.info('Local emulator stopped');
    this.changed.fire();
    return true;
  }

  dispose(): void {
    void this.stop();
    this.output?.dispose();
    this.changed.dispose();
  }
}

function waitForListening(child: ChildProcess, output: vscode.OutputChannel): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let pending = '';
    let settled = false;
    const recent: string[] = [];
    const timer = setTimeout(
      () =>
        finish(
          new Error(
            vscode.l10n.t('The local emulator did not report "listening on" within {0} s.', START_TIMEOUT_MS / 1000),
          ),
        ),
      START_TIMEOUT_MS,
    );
    const finish = (result: string | Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      const text = chunk.toString('utf8');
      output.append(text);
      pending += text;
      const lines = pending.split(/\r?\n/);
      pending = lines.pop() ?? '';
      for (const line of lines) {
        recent.push(line);
        if (recent.length > 10) recent.shift();
        const match = LISTENING.exec(line);
        if (match) finish(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', (err) =>
      finish(new Error(vscode.l10n.t('The local emulator could not start: {0}', err.message))),
    );
    child.once('exit', (code, signal) => {
      const how = signal ?? vscode.l10n.t('code {0}', code ?? '?');
      finish(
        new Error(
          vscode.l10n.t(
            'The local emulator exited before it was ready ({0}): {1}',
            how,
            recent.slice(-3).join(' | ') || vscode.l10n.t('no output'),
          ),
        ),
      );
    });
  });
}
