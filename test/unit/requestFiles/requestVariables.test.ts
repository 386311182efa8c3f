import * as assert from 'node:assert/strict';
import { substituteString, variableReferences } from '../../../src/core/requestFiles/requestVariables';

const values: Record<string, unknown> = { site: 'HP', size: 50, ids: ['a', 'b'], on: true, none: null };
const lookup = (name: string): never => values[name] as never;

describe('request variables', () => {
  it('finds references, not escaped ones', () => {
    assert.deepEqual(variableReferences('${a}-$${b}-${c}'), [
      { name: 'a', index: 0, length: 4 },
      { name: 'c', index: 11, length: 4 },
    ]);
  });

  it('a whole-string reference takes the value with its type', () => {
    assert.deepEqual(substituteString('${size}', lookup), { ok: true, value: 50 });
    assert.deepEqual(substituteString('${ids}', lookup), { ok: true, value: ['a', 'b'] });
    assert.deepEqual(substituteString('${on}', lookup), { ok: true, value: true });
    assert.deepEqual(substituteString('${none}', lookup), { ok: true, value: null });
  });

  it('references inside text become text; $${ stays literal', () => {
    assert.deepEqual(substituteString('${site}-L${size}', lookup), { ok: true, value: 'HP-L50' });
    assert.deepEqual(substituteString('cost $${site} for ${site}', lookup), { ok: true, value: 'cost ${site} for HP' });
    assert.deepEqual(substituteString('no references', lookup), { ok: true, value: 'no references' });
  });

  it('an unknown name, and a list inside text, are refused with the place', () => {
    assert.deepEqual(substituteString('x ${level}', lookup), {
      ok: false,
      reference: { name: 'level', index: 2, length: 8 },
      message: 'unknown variable "level"',
    });
    const inText = substituteString('ids: ${ids}', lookup);
    assert.equal(inText.ok, false);
    assert.match((inText as { message: string }).message, /holds a list: it can only stand alone/);
  });
});
