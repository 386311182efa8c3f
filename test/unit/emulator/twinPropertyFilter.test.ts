import * as assert from 'node:assert/strict';
import { FILTER_OPERATORS } from '../../../src/core/api/filterVocabulary';
import { FIXTURE_MODELS, putSmallBuilding } from './emulatorFixtures';
import { assertProblem } from './emulatorProblems';
import { EmulatorTestClient } from './emulatorTestClient';

describe("emulator twins propertyFilter operators (the service's filter words)", () => {
  let client: EmulatorTestClient;
  before(async () => {
    client = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS] });
    await putSmallBuilding(client);
  });
  after(() => client.close());

  const matching = async (propertyFilter: unknown): Promise<string[]> => {
    const res = await client.call('POST', '/twins', { propertyFilter, pageSize: 1000 });
    assert.equal(res.status, 200, res.text);
    return (res.json.content as Array<{ id: string }>).map((t) => t.id).sort();
  };

  it('compares with = != > >= < <= (text without case), a property the twin lacks failing all but isNull', async () => {
    assert.deepEqual(await matching({ field: 'name', operator: '=', value: 'office' }), ['R2']);
    assert.deepEqual(await matching({ field: 'capacity', operator: '!=', value: 10 }), ['R2']);
    assert.deepEqual(await matching({ field: 'area', operator: '>', value: 20 }), ['B1', 'R2']);
    assert.deepEqual(await matching({ field: 'area', operator: '<=', value: 35 }), ['R1', 'R2']);
    assert.deepEqual(await matching({ field: 'contents.levelNumber', operator: '>=', value: 1 }), ['L1']);
  });

  it('tells present from missing properties with isNull and isNotNull', async () => {
    assert.deepEqual(await matching({ field: 'serialNumber', operator: 'isNotNull' }), ['AHU1']);
    const all = await matching({});
    assert.deepEqual(
      await matching({ field: 'serialNumber', operator: 'isNull' }),
      all.filter((id) => id !== 'AHU1'),
    );
  });

  it('matches text and lists with contains, startsWith, endsWith, in and notin', async () => {
    assert.deepEqual(await matching({ field: 'name', operator: 'endsWith', value: 'TEMPERATURE' }), ['T1', 'T2']);
    assert.deepEqual(await matching({ field: 'externalID', operator: 'in', value: ['EXT-T1', 'EXT-X'] }), ['T1']);
    assert.deepEqual(await matching({ field: 'unit', operator: 'notin', value: ['degF'] }), ['T1', 'T2']);
    assert.deepEqual(
      await matching({
        filterConditionOperator: 'Or',
        filters: [
          { field: 'externalID', operator: '=', value: 'EXT-T1' },
          { field: 'name', operator: 'startsWith', value: 'chill' },
        ],
      }),
      ['CH1', 'T1'],
    );
  });

  it('refuses the old spellings and any other case with a 400 that names the valid operators', async () => {
    for (const operator of ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'exists', 'StartsWith', 'EQUALS']) {
      const res = await client.call('POST', '/twins', { propertyFilter: { field: 'name', operator, value: 'x' } });
      assertProblem(res, 400, 'propertyFilter.operator');
      const message = res.json.errors['propertyFilter.operator'].join(' ');
      assert.ok(message.includes(`'${operator}'`) && message.includes(FILTER_OPERATORS.join(',')), message);
    }
    const nested = await client.call('POST', '/twins/count', {
      propertyFilter: { filterConditionOperator: 'And', filters: [{ field: 'name', operator: 'eq', value: 'x' }] },
    });
    assertProblem(nested, 400, 'propertyFilter.filters[0].operator');
  });

  it('requires an operator with a field, a value where the operator needs one and a non-empty array for in', async () => {
    assertProblem(
      await client.call('POST', '/twins', { propertyFilter: { field: 'name', value: 'x' } }),
      400,
      'propertyFilter.operator',
    );
    assertProblem(
      await client.call('POST', '/twins', { propertyFilter: { field: 'name', operator: '=' } }),
      400,
      'propertyFilter.value',
    );
    assertProblem(
      await client.call('POST', '/twins/count', { propertyFilter: { field: 'name', operator: 'in', value: [] } }),
      400,
      'propertyFilter.value',
    );
  });
});
