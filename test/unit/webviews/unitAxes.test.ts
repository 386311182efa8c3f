import * as assert from 'node:assert/strict';
import { assignUnitAxes } from '../../../src/webviews/shared/app/unitAxes';

describe('chart y-axes by unit', () => {
  it('gives each distinct unit its own axis, alternating left and right, in order of first appearance', () => {
    const { axes, lineAxis } = assignUnitAxes(['degC', '%', 'degC', 'Pa']);
    assert.deepEqual(axes, [
      { scale: 'y0', unit: 'degC', side: 'left' },
      { scale: 'y1', unit: '%', side: 'right' },
      { scale: 'y2', unit: 'Pa', side: 'left' },
    ]);
    assert.deepEqual(lineAxis, [0, 1, 0, 2]);
  });

  it('lets lines of the same unit share one axis', () => {
    const { axes, lineAxis } = assignUnitAxes(['degC', 'degC']);
    assert.equal(axes.length, 1);
    assert.deepEqual(lineAxis, [0, 0]);
  });

  it('puts lines without a unit (missing, empty or blank) on one unlabelled axis', () => {
    const { axes, lineAxis } = assignUnitAxes([undefined, 'kW', '', '  ']);
    assert.deepEqual(axes, [
      { scale: 'y0', unit: undefined, side: 'left' },
      { scale: 'y1', unit: 'kW', side: 'right' },
    ]);
    assert.deepEqual(lineAxis, [0, 1, 0, 0]);
  });

  it('never uses a unit as a scale key (a unit named "x" gets its own y scale)', () => {
    const { axes } = assignUnitAxes(['x', '__proto__']);
    assert.deepEqual(
      axes.map((a) => a.scale),
      ['y0', 'y1'],
    );
    assert.deepEqual(
      axes.map((a) => a.unit),
      ['x', '__proto__'],
    );
  });

  it('has no axis for no lines', () => {
    assert.deepEqual(assignUnitAxes([]), { axes: [], lineAxis: [] });
  });
});
