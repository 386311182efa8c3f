// The JSON schemas of events and tickets follow the active connection's state: a schema served as "not available"
// while the connection failed is served again once it answers, also when it came back while that schema was built.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { EventType } from '../../src/core/api/types';
import { SchemaProvider, schemaUri, type SchemaServices } from '../../src/extension/authoring/schemaProvider';

/** A promise the test settles. */
function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: Error) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A provider over stand-in services: the event types come from `eventTypes`, the state changes from `stateChanged`. */
function providerWith(eventTypes: () => Promise<EventType[]>): {
  provider: SchemaProvider;
  stateChanged: vscode.EventEmitter<string>;
  changes: string[];
} {
  const stateChanged = new vscode.EventEmitter<string>();
  const never = new vscode.EventEmitter<void>();
  const services = {
    models: { onDidInvalidate: new vscode.EventEmitter<string | undefined>().event, getIndex: () => Promise.reject() },
    connections: {
      onDidChange: never.event,
      onDidChangeState: stateChanged.event,
      activeName: () => 'A',
      getClient: () => Promise.resolve({}),
    },
    eventTypes: { of: eventTypes },
    log: { warn: () => undefined },
  } as unknown as SchemaServices;
  const provider = new SchemaProvider(services);
  const changes: string[] = [];
  provider.onDidChange((uri) => changes.push(uri.path));
  return { provider, stateChanged, changes };
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('schemas of events and tickets follow the connection', () => {
  it('serves a schema again when the connection answers again after it was served as not available', async () => {
    const { provider, stateChanged, changes } = providerWith(() => Promise.reject(new Error('ECONNREFUSED')));
    try {
      const text = await provider.provideTextDocumentContent(schemaUri('events'));
      assert.match(text, /not available/);
      stateChanged.fire('A');
      await nextTurn();
      assert.deepEqual(changes, ['/events.json']);
    } finally {
      provider.dispose();
    }
  });

  it('serves a failed schema again when the connection answered again while it was built', async () => {
    const types = deferred<EventType[]>();
    const { provider, stateChanged, changes } = providerWith(() => types.promise);
    try {
      const serving = provider.provideTextDocumentContent(schemaUri('events'));
      // The emulator comes back while the schema is built from a request that then fails.
      stateChanged.fire('A');
      types.reject(new Error('ECONNREFUSED'));
      assert.match(await serving, /not available/);
      await nextTurn();
      assert.deepEqual(changes, ['/events.json'], 'served again, so the JSON service reads the live types');
    } finally {
      provider.dispose();
    }
  });

  it('does not serve a built schema again for a state change during its build', async () => {
    const types = deferred<EventType[]>();
    const { provider, stateChanged, changes } = providerWith(() => types.promise);
    try {
      const serving = provider.provideTextDocumentContent(schemaUri('events'));
      stateChanged.fire('A');
      types.resolve([{ id: 1, name: 'Maintenance' } as unknown as EventType]);
      assert.doesNotMatch(await serving, /not available/);
      await nextTurn();
      assert.deepEqual(changes, []);
    } finally {
      provider.dispose();
    }
  });
});
