import * as assert from 'node:assert/strict';
import {
  describeFilter,
  filterAdmitsModel,
  numericComparisonCaveat,
  parseFilterValue,
  parsePropertyCondition,
  parsePropertyConditions,
  toTwinFilters,
  type TwinFilter,
} from '../../../../src/extension/twins/twinFilter';

describe('explorer twin filter', () => {
  it('maps model, name text and a property condition to the service filters', () => {
    const filters = toTwinFilters({
      modelId: 'dtmi:x:Room;1',
      nameText: 'Lobby',
      property: { field: 'levelNumber', operator: '>=', value: 2 },
    });
    assert.deepEqual(filters.modelFilter, { modelIds: ['dtmi:x:Room;1'], exactModelMatch: false });
    assert.deepEqual(filters.propertyFilter, {
      field: 'name',
      operator: 'contains',
      value: 'Lobby',
      filterConditionOperator: 'And',
      filters: [{ field: 'levelNumber', operator: '>=', value: 2 }],
    });
  });

  it("sends the service's operator words, even for a filter given with familiar ones, and no value where none is taken", () => {
    const legacy = { property: { field: 'levelNumber', operator: 'ge', value: 2 } } as unknown as TwinFilter;
    assert.deepEqual(toTwinFilters(legacy).propertyFilter, { field: 'levelNumber', operator: '>=', value: 2 });
    const exists = { property: { field: 'serialNumber', operator: 'exists', value: true } } as unknown as TwinFilter;
    assert.deepEqual(toTwinFilters(exists).propertyFilter, { field: 'serialNumber', operator: 'isNotNull' });
  });

  it("reads a typed condition in the service's words or familiar ones", () => {
    assert.deepEqual(parsePropertyCondition('levelNumber >= 2'), { field: 'levelNumber', operator: '>=', value: 2 });
    assert.deepEqual(parsePropertyCondition('levelNumber ge 2'), { field: 'levelNumber', operator: '>=', value: 2 });
    assert.deepEqual(parsePropertyCondition('name startsWith "Level 1"'), {
      field: 'name',
      operator: 'startsWith',
      value: 'Level 1',
    });
    assert.deepEqual(parsePropertyCondition('serialNumber isNotNull'), {
      field: 'serialNumber',
      operator: 'isNotNull',
    });
    assert.deepEqual(parsePropertyCondition('serialNumber exists'), { field: 'serialNumber', operator: 'isNotNull' });
    assert.deepEqual(parsePropertyCondition('levelNumber in 1, 2,3'), {
      field: 'levelNumber',
      operator: 'in',
      value: [1, 2, 3],
    });
    for (const text of ['levelNumber', 'levelNumber >=', 'levelNumber between 1', 'serialNumber isNull 3'])
      assert.equal(parsePropertyCondition(text), undefined, text);
  });

  it('narrows to one exact model for a model group, keeping the other conditions', () => {
    const filters = toTwinFilters(
      { modelId: 'dtmi:x:Space;1', nameText: 'A' },
      { modelId: 'dtmi:x:Room;1', exact: true },
    );
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
    assert.equal(
      describeFilter({ nameText: 'AHU', property: { field: 'x', operator: 'isNotNull' } }),
      'name contains "AHU", x isNotNull',
    );
    assert.equal(describeFilter({ property: { field: 'levelNumber', operator: '!=', value: 2 } }), 'levelNumber != 2');
  });

  it('admits a model group when the group model is the filter model or below it', () => {
    const isA = (id: string, base: string) => id === base || (id === 'Room' && base === 'Space');
    assert.equal(filterAdmitsModel({ modelId: 'Space' }, 'Room', isA), true);
    assert.equal(filterAdmitsModel({ modelId: 'Space' }, 'Level', isA), false);
    assert.equal(filterAdmitsModel(undefined, 'Level', isA), true);
  });

  it('reads several conditions separated by ";" outside quotes, and refuses the line when one part is not a condition', () => {
    assert.deepEqual(parsePropertyConditions('levelNumber >= 2; serialNumber isNotNull ;name contains "a;b"'), [
      { field: 'levelNumber', operator: '>=', value: 2 },
      { field: 'serialNumber', operator: 'isNotNull' },
      { field: 'name', operator: 'contains', value: 'a;b' },
    ]);
    assert.deepEqual(parsePropertyConditions('  '), []);
    assert.deepEqual(parsePropertyConditions('levelNumber >= 2;'), [
      { field: 'levelNumber', operator: '>=', value: 2 },
    ]);
    assert.equal(parsePropertyConditions('levelNumber >= 2; levelNumber'), undefined);
  });

  it('sends every property condition joined with And after the name, and describes them all', () => {
    const filter: TwinFilter = {
      nameText: 'L',
      properties: [
        { field: 'levelNumber', operator: '>=', value: 2 },
        { field: 'serialNumber', operator: 'isNotNull' },
      ],
    };
    assert.deepEqual(toTwinFilters(filter).propertyFilter, {
      field: 'name',
      operator: 'contains',
      value: 'L',
      filterConditionOperator: 'And',
      filters: [
        { field: 'levelNumber', operator: '>=', value: 2 },
        { field: 'serialNumber', operator: 'isNotNull' },
      ],
    });
    assert.deepEqual(toTwinFilters({ properties: filter.properties }).propertyFilter, {
      field: 'levelNumber',
      operator: '>=',
      value: 2,
      filterConditionOperator: 'And',
      filters: [{ field: 'serialNumber', operator: 'isNotNull' }],
    });
    assert.equal(describeFilter(filter), 'name contains "L", levelNumber >= 2, serialNumber isNotNull');
  });

  it('names the model by its display name where one is known, by its DTMI otherwise', () => {
    const filter = { modelId: 'dtmi:x:VAVBox;1', nameText: 'L' };
    assert.equal(
      describeFilter(filter, (id) => (id === 'dtmi:x:VAVBox;1' ? 'VAV Box' : undefined)),
      'model VAV Box, name contains "L"',
    );
    assert.equal(
      describeFilter(filter, () => undefined),
      'model dtmi:x:VAVBox;1, name contains "L"',
    );
  });

  it('warns that a real instance may compare numbers as text, only for numeric comparisons', () => {
    assert.equal(
      numericComparisonCaveat({
        property: { field: 'levelNumber', operator: '>=', value: 2 },
        properties: [
          { field: 'area', operator: '<', value: 10 },
          { field: 'levelNumber', operator: '>', value: 1 },
        ],
      }),
      'A real instance may compare levelNumber, area as text (its twin query quotes every value) and read > as =.',
    );
    assert.equal(numericComparisonCaveat({ property: { field: 'name', operator: '>=', value: 'B' } }), undefined);
    assert.equal(numericComparisonCaveat({ property: { field: 'levelNumber', operator: '=', value: 2 } }), undefined);
    assert.equal(numericComparisonCaveat({ nameText: 'x' }), undefined);
  });
});
