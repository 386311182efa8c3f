// The latest outcome of each request of each request file, for the requests after it that use its result
// (`${@name#/pointer}`). Held in memory only: results are never saved.

import type { EarlierResult } from './requestResultReferences';

export class EarlierResults {
  private readonly files = new Map<string, Map<string, EarlierResult>>();

  /** A request of `file` answered (or failed): later references to it use this outcome. */
  record(file: string, request: string, outcome: { ok: boolean; result?: unknown }): void {
    let results = this.files.get(file);
    if (!results) this.files.set(file, (results = new Map()));
    results.set(request, outcome.ok ? { ok: true, result: outcome.result } : { ok: false });
  }

  /** The outcomes of `file`'s requests only, by request name. */
  of(file: string): (request: string) => EarlierResult | undefined {
    return (request) => this.files.get(file)?.get(request);
  }
}
