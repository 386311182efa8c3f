// Host side of the request/response bridge: answers each webview request once, by id, with the
// panel's handler result or a one-line error. Free of 'vscode' imports so unit tests can drive it.
import { errorText } from '../../../core/api/apiError';
import { isSuperseded, RequestScope } from '../../../core/api/latestRequest';
import { permissionDeniedText } from '../../../core/api/permissionDenied';
import {
  type EventMap,
  type EventMessage,
  type Handlers,
  isRequestMessage,
  type MethodMap,
  type NoEvents,
  type ResponseMessage,
} from '../../../webviews/shared/bridgeProtocol';

export interface WebviewLike {
  postMessage(message: unknown): Thenable<boolean> | Promise<boolean>;
  onDidReceiveMessage(listener: (message: unknown) => unknown): { dispose(): unknown };
}

export interface BridgeOptions {
  /** Called with every handler failure (the webview gets the message too); not for superseded requests. */
  onError?: (method: string, error: unknown) => void;
  /**
   * Methods whose newer request aborts the one still running (a new zoom or range, a new filter), by group name.
   * Other methods run side by side. Every request is aborted when the bridge is disposed (the panel closed).
   */
  supersede?: Readonly<Record<string, string>>;
}

export class WebviewBridge<M extends MethodMap, E extends EventMap = NoEvents> {
  private readonly subscription: { dispose(): unknown };
  private readonly requests = new RequestScope('panel request');

  constructor(
    private readonly webview: WebviewLike,
    private readonly handlers: Handlers<M>,
    private readonly options: BridgeOptions = {},
  ) {
    this.subscription = webview.onDidReceiveMessage((message) => this.handle(message));
  }

  /** Answers one message; returns the reply sent (undefined when the message was not a request). */
  async handle(message: unknown): Promise<ResponseMessage | undefined> {
    if (!isRequestMessage(message)) return undefined;
    const handler = Object.prototype.hasOwnProperty.call(this.handlers, message.method)
      ? (this.handlers as Record<string, (params: unknown, signal: AbortSignal) => unknown>)[message.method]
      : undefined;
    const supersede =
      this.options.supersede && Object.prototype.hasOwnProperty.call(this.options.supersede, message.method)
        ? this.options.supersede[message.method]
        : undefined;
    let reply: ResponseMessage;
    try {
      if (!handler) throw new Error(`Unknown request "${message.method}"`); // l10n-exempt: a webview programming error
      const params = message.params ?? {};
      reply = {
        kind: 'response',
        id: message.id,
        ok: true,
        result: await this.requests.run(async (signal) => handler(params, signal), supersede),
      };
    } catch (error) {
      if (!isSuperseded(error)) this.options.onError?.(message.method, error);
      reply = { kind: 'response', id: message.id, ok: false, error: permissionDeniedText(error) ?? errorText(error) };
    }
    // A closed panel has no webview to answer.
    if (!this.requests.disposed) await this.webview.postMessage(reply);
    return reply;
  }

  /** Sends a host-initiated event. */
  notify<K extends keyof E & string>(event: K, data: E[K]): Thenable<boolean> | Promise<boolean> {
    const message = { kind: 'event', event, data } as EventMessage<E>;
    return this.webview.postMessage(message);
  }

  /** Stops answering, and aborts every request still running: a closed panel spends no more of the budget. */
  dispose(): void {
    this.subscription.dispose();
    this.requests.dispose();
  }
}
