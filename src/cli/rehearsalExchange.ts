// The stand-in service of the MCP server's rehearsal (mcpRehearsal.ts): an HttpExchange that answers a one-space
// building from memory, in the service's documented shapes, and sends nothing anywhere. It answers only what the
// rehearsed calls read; anything else is a 404, so a rehearsal can never stand in for a real request.
import type { ExchangeRequest, ExchangeResponse, HttpExchange, ResponseHeaders } from '../core/api/httpExchange';

export const REHEARSAL_MODEL = 'dtmi:buildingtwins:rehearsal:Space;1';
export const REHEARSAL_TWIN = 'rehearsal-space';

const MODEL_DEFINITION = {
  '@context': 'dtmi:dtdl:context;3',
  '@id': REHEARSAL_MODEL,
  '@type': 'Interface',
  displayName: { en: 'Space' },
  contents: [
    { '@type': 'Property', name: 'name', schema: 'string' },
    { '@type': 'Relationship', name: 'isPartOf' },
  ],
};
const TWIN = { id: REHEARSAL_TWIN, modelId: REHEARSAL_MODEL, contents: { name: 'Rehearsal space' } };
const EDGE = { id: `${REHEARSAL_TWIN}_isPartOf_site`, sourceId: REHEARSAL_TWIN, targetId: 'site', name: 'isPartOf' };

/** Answers by method and the path's end (the base URL's own path varies); the first match answers. */
const ROUTES: ReadonlyArray<[method: string, path: RegExp, body: unknown]> = [
  ['POST', /\/oauth2\/token$/, { token_type: 'Bearer', expires_in: 3599, access_token: 'rehearsal' }],
  ['GET', /\/models$/, [{ id: REHEARSAL_MODEL, displayName: { en: 'Space' }, modelDefinition: MODEL_DEFINITION }]],
  ['POST', /\/twins\/count$/, { count: 1 }],
  ['POST', /\/twins$/, { content: [TWIN], continuationToken: null }],
  ['GET', /\/twins\/[^/]+\/relationships\/(?:outgoing|incoming)$/, [EDGE]],
  ['GET', /\/twins\/[^/]+$/, TWIN],
];

const JSON_HEADERS: ResponseHeaders = {
  get: (name) => (name.toLowerCase() === 'content-type' ? 'application/json; charset=utf-8' : null),
};

export class RehearsalExchange implements HttpExchange {
  readonly name = 'rehearsal';
  private stopped = false;

  /** Answers nothing more: what is asked from now on, or waits for its answer, is never answered (the rehearsal's
   * client ends the call at its deadline). */
  stop(): void {
    this.stopped = true;
  }

  async send(request: ExchangeRequest): Promise<ExchangeResponse> {
    const path = new URL(request.url).pathname;
    const route = ROUTES.find(([method, pattern]) => method === request.method && pattern.test(path));
    const body = route ? route[2] : { title: 'Not Found', status: 404, detail: 'not part of the rehearsal' };
    // Answered on a later turn of the event loop, as a real answer is: a message the real server receives meanwhile
    // is handled between the rehearsal's steps.
    await new Promise((resolve) => setImmediate(resolve));
    if (this.stopped) await new Promise<never>(() => undefined);
    return { status: route ? 200 : 404, headers: JSON_HEADERS, body: Buffer.from(JSON.stringify(body)) };
  }

  close(): void {}
}
