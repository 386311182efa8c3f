import * as assert from 'node:assert/strict';
import { unitSymbol } from '../../../src/core/dtdl/unitSymbols';

describe('unit symbols', () => {
  it('shows DTDL unit names and the short names of capability twins as symbols', () => {
    assert.deepEqual(
      [
        'squareMetre',
        'degreeCelsius',
        'degC',
        'kilowattHour',
        'cubicMetrePerSecond',
        'litrePerSecond',
        'kilowatt',
        'volt',
        'second',
      ].map(unitSymbol),
      ['m²', '°C', '°C', 'kWh', 'm³/s', 'L/s', 'kW', 'V', 's'],
    );
  });

  it('keeps a unit it does not know, and never reads a prototype key', () => {
    assert.equal(unitSymbol('people'), 'people');
    assert.equal(unitSymbol('kWh'), 'kWh');
    assert.equal(unitSymbol('constructor'), 'constructor');
    assert.equal(unitSymbol('__proto__'), '__proto__');
  });
});
