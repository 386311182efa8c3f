// Webview side of the request/response bridge (see ../bridgeProtocol.ts).
import { type EventMap, isResponseMessage, type MethodMap, type NoEvents } from '../bridgeProtocol';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

export class HostBridge<M extends MethodMap, E extends EventMap = NoEvents> {
  private readonly vscode: VsCodeApi = acquireVsCodeApi();
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly eventListeners = new Map<string, Array<(data: unknown) => void>>();
  private nextId = 1;

  constructor() {
    window.addEventListener('message', (e: MessageEvent) => {
      const message: unknown = e.data;
      if (isResponseMessage(message)) {
        const waiter = this.pending.get(message.id);
        if (!waiter) return;
        this.pending.delete(message.id);
        if (message.ok) waiter.resolve(message.result);
        else waiter.reject(new Error(message.error));
      } else if (message && typeof message === 'object' && (message as { kind?: unknown }).kind === 'event') {
        const { event, data } = message as { event: string; data?: unknown };
        for (const listener of this.eventListeners.get(event) ?? []) listener(data);
      }
    });
  }

  request<K extends keyof M & string>(method: K, params: M[K]['params']): Promise<M[K]['result']> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.vscode.postMessage({ kind: 'request', id, method, params });
    });
  }

  onEvent<K extends keyof E & string>(event: K, listener: (data: E[K]) => void): void {
    this.eventListeners.set(event, [...(this.eventListeners.get(event) ?? []), listener as (data: unknown) => void]);
  }

  getState<S>(): S | undefined {
    return (this.vscode.getState() as S | undefined) ?? undefined;
  }

  setState<S>(state: S): void {
    this.vscode.setState(state);
  }
}
