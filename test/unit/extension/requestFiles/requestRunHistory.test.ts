// The run history of request files in the workspace's state: newest first, bounded, and never a value sent or received.
import * as assert from 'node:assert/strict';
import { historyRunItem } from '../../../../src/extension/requestFiles/requestHistoryText';
import {
  FILES_KEPT,
  RequestRunHistory,
  RUNS_PER_FILE,
  type HistoryState,
} from '../../../../src/extension/requestFiles/requestRunHistory';

class MemoryState implements HistoryState {
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    // What VS Code stores is JSON.
    this.values.set(key, JSON.parse(JSON.stringify(value)));
  }
}

function fixture(start = 1_000): { state: MemoryState; history: RequestRunHistory; tick: () => void } {
  const state = new MemoryState();
  let now = start;
  return { state, history: new RequestRunHistory(state, { now: () => now }), tick: () => (now += 1_000) };
}

describe('request run history', () => {
  it('keeps each file its runs, newest first, with the time from the clock', async () => {
    const { history, tick } = fixture();
    await history.record('file:///a.twinq.json', { names: [], connection: 'Local', ok: 3, failed: 0 });
    tick();
    await history.record('file:///a.twinq.json', { names: ['AHUs'], connection: 'Prod', ok: 0, failed: 1 });
    await history.record('file:///b.twinq.json', { names: ['x'], connection: 'Local', ok: 1, failed: 0 });
    assert.deepEqual(history.runs('file:///a.twinq.json'), [
      { names: ['AHUs'], connection: 'Prod', at: 2_000, ok: 0, failed: 1 },
      { names: [], connection: 'Local', at: 1_000, ok: 3, failed: 0 },
    ]);
    assert.deepEqual(history.last('file:///b.twinq.json')?.names, ['x']);
    assert.equal(history.last('file:///c.twinq.json'), undefined);
  });

  it('stores names, connection, time and counts only, whatever else the caller passes', async () => {
    const { state, history } = fixture();
    const run = { names: ['a'], connection: 'Local', ok: 1, failed: 0, body: { secret: 's3cr3t' }, result: [1] };
    await history.record('file:///a.twinq.json', run);
    assert.doesNotMatch(JSON.stringify([...state.values]), /s3cr3t|result/);
    assert.deepEqual(Object.keys(history.last('file:///a.twinq.json')!).sort(), [
      'at',
      'connection',
      'failed',
      'names',
      'ok',
    ]);
  });

  it('keeps the newest runs of each file and the files run last', async () => {
    const { history, tick } = fixture();
    for (let i = 0; i < RUNS_PER_FILE + 3; i++) {
      tick();
      await history.record('file:///a.twinq.json', { names: [`r${i}`], connection: 'Local', ok: 1, failed: 0 });
    }
    const runs = history.runs('file:///a.twinq.json');
    assert.equal(runs.length, RUNS_PER_FILE);
    assert.deepEqual(runs[0]!.names, [`r${RUNS_PER_FILE + 2}`]);
    for (let i = 0; i < FILES_KEPT; i++)
      await history.record(`file:///f${i}.twinq.json`, { names: [], connection: 'Local', ok: 1, failed: 0 });
    assert.deepEqual(history.runs('file:///a.twinq.json'), [], 'the file run longest ago is dropped');
    assert.equal(history.runs(`file:///f${FILES_KEPT - 1}.twinq.json`).length, 1);
    await history.record('file:///f0.twinq.json', { names: ['again'], connection: 'Local', ok: 1, failed: 0 });
    assert.equal(history.runs('file:///f0.twinq.json').length, 2);
  });

  it('reads past a damaged or foreign state, and tells listeners about each run', async () => {
    const { state, history } = fixture();
    state.values.set('buildingTwins.requestRunHistory', {
      'file:///a.twinq.json': [{ names: 'x' }, { names: ['ok'], connection: 'L', at: 1, ok: 1, failed: 0 }, null],
      'file:///b.twinq.json': 'nonsense',
    });
    assert.deepEqual(
      history.runs('file:///a.twinq.json').map((r) => r.names),
      [['ok']],
    );
    assert.deepEqual(history.runs('file:///b.twinq.json'), []);
    assert.deepEqual(history.runs('toString'), []);
    let told = 0;
    const stop = history.onDidRecord(() => told++);
    await history.record('file:///a.twinq.json', { names: [], connection: 'L', ok: 0, failed: 0 });
    stop();
    await history.record('file:///a.twinq.json', { names: [], connection: 'L', ok: 0, failed: 0 });
    assert.equal(told, 1);
  });

  it('names a run in the picker by its requests, its time and its outcome', () => {
    const item = historyRunItem(
      { names: ['AHUs', 'bad\u001b[31m'], connection: 'Prod', at: 5, ok: 1, failed: 1 },
      (ms) => `at ${ms}`,
    );
    assert.deepEqual(item, { label: '"AHUs", "bad"', description: 'at 5', detail: '1 ok, 1 failed on "Prod"' });
    assert.equal(historyRunItem({ names: [], connection: 'L', at: 0, ok: 2, failed: 0 }).label, 'all requests');
  });
});
