import * as assert from 'node:assert/strict';
import * as N from '../../../src/core/api/normalize';

describe('normalize', () => {
  it('re-cases PascalCase keys but never DTDL contents or relationship properties', () => {
    const twin = N.normalizeTwin({
      DtId: 'ignored-because-Id-wins',
      Id: 'AHU-1',
      ModelId: 'dtmi:com:willowinc:AirHandlingUnit;1',
      Contents: { ExternalID: 'X1', name: 'AHU' },
      OutgoingRelationships: [
        {
          Id: 'AHU-1_isFedBy_Chiller-1',
          SourceId: 'AHU-1',
          TargetId: 'Chiller-1',
          Name: 'isFedBy',
          Properties: { Substance: 'ChilledWater' },
        },
      ],
      SomethingNew: { NestedKey: 1 },
    });
    assert.equal(twin.id, 'AHU-1');
    assert.equal(twin.modelId, 'dtmi:com:willowinc:AirHandlingUnit;1');
    assert.deepEqual(twin.contents, { ExternalID: 'X1', name: 'AHU' });
    assert.deepEqual(twin.outgoingRelationships?.[0], {
      id: 'AHU-1_isFedBy_Chiller-1',
      sourceId: 'AHU-1',
      targetId: 'Chiller-1',
      name: 'isFedBy',
      properties: { Substance: 'ChilledWater' },
    });
    assert.deepEqual(twin.somethingNew, { nestedKey: 1 }, 'unknown fields are kept');
  });

  it('accepts dtId or twinId (or $dtId) for a twin id and dtId for a time series twin', () => {
    assert.equal(N.normalizeTwin({ dtId: 'T1', modelId: 'm' }).id, 'T1');
    assert.equal(N.normalizeTwin({ twinId: 'T2', modelId: 'm' }).id, 'T2');
    const adt = N.normalizeTwin({ $dtId: 'T3', $metadata: { $model: 'dtmi:x;1' } });
    assert.equal(adt.id, 'T3');
    assert.equal(adt.modelId, 'dtmi:x;1');
    assert.equal(N.normalizeTimeSeriesData({ dtId: 'C1', sourceTimestamp: 't', scalarValue: 1 }).twinId, 'C1');
    assert.throws(() => N.normalizeTwin({ modelId: 'm' }), /without an id/);
  });

  it('reads "latest" as an object, a one-item array, or nothing', () => {
    const value = { twinId: 'C1', sourceTimestamp: '2024-10-01T00:00:00Z', scalarValue: 4 };
    assert.deepEqual(N.normalizeLatest(value), value);
    assert.deepEqual(N.normalizeLatest([value]), value);
    assert.equal(N.normalizeLatest([]), null);
    assert.equal(N.normalizeLatest(null), null);
    assert.deepEqual(N.normalizeLatestList({ data: [value] }), [value]);
  });

  it('merges errorData and errorList into errorData', () => {
    const single = N.normalizeTimeSeriesPage({
      data: [],
      continuationToken: '',
      errorData: { message: 'm1', ids: ['a'] },
    });
    assert.deepEqual(single.errorData, { message: 'm1', ids: ['a'] });
    assert.equal(single.continuationToken, null);
    const list = N.normalizeTimeSeriesPage({
      Data: [],
      ErrorList: [
        { message: 'unknown twin', ids: ['x'] },
        { message: 'unknown twin', ids: ['y'] },
      ],
    });
    assert.deepEqual(list.errorData, { message: 'unknown twin', ids: ['x', 'y'] });
    assert.ok(Array.isArray(list.errorList), 'errorList is kept as sent');
  });

  it("normalises each row of a time series page once: rows in the client's form are kept, others re-cased and aliased", () => {
    const plain = {
      connectorId: 'C',
      twinId: 'A',
      sourceTimestamp: '2024-10-01T00:00:00Z',
      scalarValue: 1,
      properties: { Unit: 'degC' },
    };
    const page = N.normalizeTimeSeriesPage({
      Data: [
        plain,
        { DtId: 'B', SourceTimestamp: '2024-10-01T00:01:00Z', ScalarValue: 2 },
        { dtId: 'C', sourceTimestamp: '2024-10-01T00:02:00Z', scalarValue: 3 },
        { twinId: 'D', sourceTimestamp: '2024-10-01T00:03:00Z', scalarValue: 4, dataQuality: { IsValid: true } },
      ],
      ContinuationToken: 'next',
    });
    assert.equal(page.data?.[0], plain, 'the same object, untouched');
    assert.deepEqual(page.data?.slice(1), [
      { twinId: 'B', sourceTimestamp: '2024-10-01T00:01:00Z', scalarValue: 2 },
      { twinId: 'C', sourceTimestamp: '2024-10-01T00:02:00Z', scalarValue: 3 },
      { twinId: 'D', sourceTimestamp: '2024-10-01T00:03:00Z', scalarValue: 4, dataQuality: { isValid: true } },
    ]);
    assert.deepEqual(plain.properties, { Unit: 'degC' }, 'properties are user data');
    assert.equal(page.continuationToken, 'next');
  });

  it('re-cases the rows of twin and batch pages once, nested fields included', () => {
    const twins = N.normalizeContinuationPage(
      { Content: [{ Id: 'a', ModelId: 'm', Contents: { Name: 'x' }, Tags: { Nested: 1 } }], ContinuationToken: 't' },
      N.normalizeTwin,
    );
    assert.deepEqual(twins, {
      content: [{ id: 'a', modelId: 'm', contents: { Name: 'x' }, tags: { nested: 1 } }],
      continuationToken: 't',
    });
    const page = N.normalizeBatchPage({ Items: [{ Id: 'i', Extra: { DeepKey: 2 } }], After: 3 }, N.normalizeInsight);
    assert.deepEqual(page.items, [{ id: 'i', extra: { deepKey: 2 }, scenarioId: null }]);
    assert.equal(page.after, 3);
  });

  it('reads a count as {count}, {Count}, a bare integer or integer text', () => {
    assert.equal(N.normalizeCount({ count: 12 }), 12);
    assert.equal(N.normalizeCount({ Count: 3 }), 3);
    assert.equal(N.normalizeCount(7), 7);
    assert.equal(N.normalizeCount('42'), 42);
    assert.throws(() => N.normalizeCount({ total: 1 }), /expected a count/);
    assert.throws(() => N.normalizeCount(-1), /expected a count/);
  });

  it('fills in the page fields a service may leave out', () => {
    const page = N.normalizeBatchPage({ Items: [{ Id: 'i1', ScenarioId: null }], Total: 1 }, N.normalizeInsight);
    assert.deepEqual(page, { items: [{ id: 'i1', scenarioId: null }], total: 1, before: 0, after: 0 });
    assert.equal(N.normalizeInsight({ id: 'x' }).scenarioId, null);
    const twins = N.normalizeContinuationPage([{ id: 'a', modelId: 'm' }], N.normalizeTwin);
    assert.deepEqual(twins, { content: [{ id: 'a', modelId: 'm' }], continuationToken: null });
  });

  it('keeps a model definition as a string', () => {
    const model = N.normalizeModel({
      Id: 'dtmi:a;1',
      ModelDefinition: { '@id': 'dtmi:a;1' },
      DisplayName: { en: 'A' },
    });
    assert.equal(model.modelDefinition, '{"@id":"dtmi:a;1"}');
    assert.deepEqual(model.displayName, { en: 'A' });
  });

  it('reads ProblemDetails in any casing and OAuth2 errors; not plain text', () => {
    assert.deepEqual(N.normalizeProblem('{"Title":"Bad","Status":400,"Errors":{"Id":["required"]}}'), {
      title: 'Bad',
      status: 400,
      errors: { Id: ['required'] },
    });
    assert.equal(
      N.normalizeProblem('{"error":"invalid_client","error_description":"Unknown client"}')?.detail,
      'Unknown client',
    );
    assert.equal(N.normalizeProblem('Rate limit exceeded for twins endpoint.'), undefined);
    assert.equal(N.normalizeProblem('{"unrelated":true}'), undefined);
  });

  it('normalises every twin and relationship of a graph result', () => {
    const graph = N.normalizeTwinGraph({
      alias: 'Twin',
      twin: { dtId: 'R', modelId: 'm' },
      related: [
        {
          alias: 'Rooms',
          items: [
            {
              relationship: { Id: 'a_isPartOf_R', SourceId: 'a', TargetId: 'R', Name: 'isPartOf' },
              twin: { Id: 'a', ModelId: 'm' },
              related: [],
            },
          ],
        },
      ],
    });
    assert.equal(graph.twin.id, 'R');
    assert.equal(graph.related[0]?.items[0]?.twin.id, 'a');
    assert.equal(graph.related[0]?.items[0]?.relationship.id, 'a_isPartOf_R');
  });
});
