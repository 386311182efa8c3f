import * as assert from 'node:assert/strict';
import { describeFilter, filterAdmitsModel, parseFilterValue, toTwinFilters } from '../../../../src/extension/tree/twinFilter';

describe('explorer twin filter', () => {
  it('maps model, name text and a property condition to the service filters', () => {
    const filters = toTwinFilters({ modelId: 'dtmi:x:Room;1', nameText: 'Lobby', property: { field: 'levelNumber', operator: 'ge', value: 2 } });
    assert.deepEqual(filters.modelFilter, { modelIds: ['dtmi:x:Room;1'], exactModelMatch: false });
    assert.deepEqual(filters.propertyFilter, {
      field: 'name', operator: 'contains', value: 'Lobby', filterConditionOperator: 'And',
      filters: [{ field: 'levelNumber', operator: 'ge', value: 2 }],
    });
  });

  it('narrows to one exact model for a model group, keeping the other conditions', () => {
    const filters = toTwinFilters({ modelId: 'dtmi:x:Space;1', nameText: 'A' }, { modelId: 'dtmi:x:Room;1', exact: true });
    assert.deepEqual(filters.modelFilter, { modelIds: ['dtmi:x:Room;1'], exactModelMatch: true });
    assert.deepEqual(filters.propertyFilter, { field: 'name', operator: 'contains', value: 'A' });
  });

  it('sends no filter at all when nothing is set', () => {
    assert.deepEqual(toTwinFilters(undefined), {});
  });

  it('parses typed values as JSON literals, anything else as text', () => {
    assert.equal(parseFilterValue('2'), 2);
    assert.equal(parseFilterValue('-1.5e2'), -150);
    assert.equal(parseFilterValue('true'), true);
    assert.equal(parseFilterValue('"2"'), '2');
    assert.equal(parseFilterValue(' Level 2 '), 'Level 2');
  });

  it('describes itself for the view message', () => {
    assert.equal(describeFilter({ nameText: 'AHU', property: { field: 'x', operator: 'exists', value: true } }), 'name contains "AHU", x exists');
  });

  it('admits a model group when the group model is the filter model or below it', () => {
    const isA = (id: string, base: string) => id === base || (id === 'Room' && base === 'Space');
    assert.equal(filterAdmitsModel({ modelId: 'Space' }, 'Room', isA), true);
    assert.equal(filterAdmitsModel({ modelId: 'Space' }, 'Level', isA), false);
    assert.equal(filterAdmitsModel(undefined, 'Level', isA), true);
  });
});
