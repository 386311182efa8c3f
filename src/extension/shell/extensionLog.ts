import * as vscode from 'vscode';
import type { RequestEvent } from '../../core/api/httpTransport';
import { redact } from '../../core/api/redact';

/** What the API client reports after every HTTP attempt (its `onRequest` hook). */
export type RequestLogEntry = RequestEvent;

/**
 * The one log of the extension ("Building Twins" LogOutputChannel). Everything written goes through
 * the core's redaction: known secret values (registered with `addSecret`) and credential-shaped text.
 */
export class ExtensionLog implements vscode.Disposable {
  private made: vscode.LogOutputChannel | undefined;
  private readonly secrets = new Set<string>();

  constructor(private readonly given?: vscode.LogOutputChannel) {}

  /** The channel, made by the first line written or shown: a window that never logs never has one. */
  get channel(): vscode.LogOutputChannel {
    return (this.made ??= this.given ?? vscode.window.createOutputChannel('Building Twins', { log: true }));
  }

  /** Registers a value that must never appear in the log (client secrets, access tokens). */
  addSecret(value: string | undefined): void {
    if (value && value.length >= 4) this.secrets.add(value);
  }

  redact(text: string): string {
    return redact(text, this.secrets);
  }

  trace(message: string): void {
    this.channel.trace(this.redact(message));
  }
  debug(message: string): void {
    this.channel.debug(this.redact(message));
  }
  info(message: string): void {
    this.channel.info(this.redact(message));
  }
  warn(message: string): void {
    this.channel.warn(this.redact(message));
  }
  error(message: string): void {
    this.channel.error(this.redact(message));
  }

  request(connection: string, e: RequestEvent): void {
    const retry = e.attempt > 1 ? ` (attempt ${e.attempt})` : '';
    const status = e.status === 0 ? `no response (${e.error ?? 'unknown error'})` : String(e.status);
    const line = `[${connection}] ${e.method} ${e.path} -> ${status} in ${Math.round(e.durationMs)} ms${retry}`;
    if (e.status === 0 || e.status >= 400) this.warn(line);
    else this.info(line);
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.made?.dispose();
  }
}
