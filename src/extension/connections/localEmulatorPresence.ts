import * as vscode from 'vscode';
import { portListening } from '../../core/api/emulatorProbe';

/** Context key: an emulator answers at the Local emulator connection's address (started here or elsewhere). */
export const EMULATOR_RUNNING_KEY = 'buildingTwins.emulatorRunning';

/**
 * Whether the Local emulator connection has something to talk to. An emulator this window started is known to
 * run; otherwise the port is checked with a bare TCP connection (nothing is sent, so no request is logged).
 * Kept in the `buildingTwins.emulatorRunning` context key for menus and the welcome view.
 */
export class LocalEmulatorPresence implements vscode.Disposable {
  private running: boolean | undefined;
  private readonly changed = new vscode.EventEmitter<boolean>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly url: () => string,
    private readonly startedHere: () => boolean,
  ) {}

  /** The last known answer; undefined before the first check. */
  get known(): boolean | undefined {
    return this.running;
  }

  /** Checks now (an emulator started here needs no check) and records the answer. */
  async check(): Promise<boolean> {
    const running = this.startedHere() || (await portListening(this.url()));
    this.set(running);
    return running;
  }

  /** Records what a start, a stop or a refused sign-in showed. */
  set(running: boolean): void {
    if (this.running === running) return;
    this.running = running;
    void vscode.commands.executeCommand('setContext', EMULATOR_RUNNING_KEY, running);
    this.changed.fire(running);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
