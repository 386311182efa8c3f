import * as assert from 'node:assert/strict';
import { formatValue, TimeSeriesState } from '../../../src/webviews/timeSeries/app/timeSeriesState';

const NOW = Date.UTC(2024, 9, 2, 12);
const HOUR = 3_600_000;

describe('the time series panel state', () => {
  it('opens on the kept range, else on the kept preset, else on the last 24 hours', () => {
    const kept = { start: NOW - HOUR, end: NOW };
    assert.deepEqual(new TimeSeriesState({ twinIds: ['a'], range: kept }, () => NOW).range, kept);
    assert.deepEqual(new TimeSeriesState({ twinIds: [], preset: '1h' }, () => NOW).range, {
      start: NOW - HOUR,
      end: NOW,
    });
    assert.deepEqual(new TimeSeriesState(undefined, () => NOW).range, { start: NOW - 24 * HOUR, end: NOW });
    const backwards = new TimeSeriesState(
      { twinIds: [], preset: 'nonsense', range: { start: NOW, end: NOW - 1 } },
      () => NOW,
    );
    assert.deepEqual(backwards.range, { start: NOW - 24 * HOUR, end: NOW }, 'an empty kept range is not reused');
  });

  it("ends a chosen preset at the clock's time when it is chosen, not when the panel opened", () => {
    let now = NOW;
    const state = new TimeSeriesState(undefined, () => now);
    now += 5 * HOUR;
    state.choosePreset('1h');
    assert.deepEqual(state.range, { start: now - HOUR, end: now });
  });

  it('keeps a preset or a custom range, never both', () => {
    const state = new TimeSeriesState(undefined, () => NOW);
    state.setRange({ start: NOW - 2 * HOUR + 0.4, end: NOW + 0.6 });
    assert.deepEqual(state.range, { start: NOW - 2 * HOUR, end: NOW + 1 });
    assert.equal(state.panel.preset, undefined);
    assert.deepEqual(state.panel.range, state.range);
    state.choosePreset('7d');
    assert.equal(state.panel.preset, '7d');
    assert.equal(state.panel.range, undefined);
    assert.deepEqual(state.range, { start: NOW - 7 * 24 * HOUR, end: NOW });
  });

  it('pans by a fraction of the range and zooms around its middle', () => {
    const state = new TimeSeriesState({ twinIds: [], range: { start: 0, end: 4 * HOUR } }, () => NOW);
    state.pan(-0.25);
    assert.deepEqual(state.range, { start: -HOUR, end: 3 * HOUR });
    state.zoom(0.5);
    assert.deepEqual(state.range, { start: 0, end: 2 * HOUR });
    state.zoom(2);
    assert.deepEqual(state.range, { start: -HOUR, end: 3 * HOUR });
    assert.equal(state.panel.preset, undefined, 'a moved range is custom');
  });

  it("takes a series' last loaded point as its latest value until the host says one", () => {
    const state = new TimeSeriesState(undefined, () => NOW);
    state.rememberLatest([{ twinId: 'b', time: NOW, value: 7 }]);
    state.loaded(
      [
        { twinId: 'a', x: [1, 2], y: [10, 20], rawCount: 5 },
        { twinId: 'b', x: [1], y: [3], rawCount: 1 },
        { twinId: 'c', x: [], y: [], rawCount: 0 },
      ],
      640,
    );
    assert.equal(state.loadedWidth, 640);
    assert.deepEqual(state.latest.get('a'), { twinId: 'a', time: 2, value: 20 });
    assert.deepEqual(state.latest.get('b'), { twinId: 'b', time: NOW, value: 7 });
    assert.equal(state.latest.has('c'), false);
    assert.deepEqual(state.counts(), { raw: 6, shown: 3 });
  });

  it('appends in live mode only points newer than their series, stretching the range to them', () => {
    const state = new TimeSeriesState({ twinIds: [], range: { start: 0, end: 100 } }, () => NOW);
    state.loaded([{ twinId: 'a', x: [10, 50], y: [1, 2], rawCount: 2 }], 300);
    assert.equal(state.appendLatest([{ twinId: 'a', time: 50, value: 9 }]), false, 'not newer');
    assert.equal(state.appendLatest([{ twinId: 'unknown', time: 60, value: 9 }]), false, 'no such series');
    assert.equal(state.appendLatest([{ twinId: 'a', time: 150, value: 3 }]), true);
    assert.deepEqual(state.current[0], { twinId: 'a', x: [10, 50, 150], y: [1, 2, 3], rawCount: 3 });
    assert.deepEqual(state.range, { start: 0, end: 151 });
  });

  it("names a series by the host's label and unit, else by its twin id", () => {
    const state = new TimeSeriesState(undefined, () => NOW);
    state.infos = [{ twinId: 'a', label: 'Supply air', modelId: 'dtmi:x;1', unit: '°C' }];
    assert.deepEqual(state.lineOf('a'), { label: 'Supply air', unit: '°C' });
    assert.deepEqual(state.lineOf('b'), { label: 'b', unit: undefined });
  });

  it('shows whole and large values as they are and others with two decimals', () => {
    assert.equal(formatValue(21.456), '21.46');
    assert.equal(formatValue(3), (3).toLocaleString());
    assert.equal(formatValue(1234.5), (1234.5).toLocaleString());
  });
});
