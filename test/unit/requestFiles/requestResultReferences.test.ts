// `${@name#/pointer}`: an earlier request's result in a later request of the same file.
import * as assert from 'node:assert/strict';
import { EarlierResults } from '../../../src/core/requestFiles/earlierResults';
import { parseRequestFile } from '../../../src/core/requestFiles/requestFileParser';
import {
  fillTemplate,
  parseResultReference,
  resolveResultReferences,
  valueAtPointer,
  type EarlierResult,
} from '../../../src/core/requestFiles/requestResultReferences';
import { withEarlierResults } from '../../../src/core/requestFiles/requestRunner';
import { resultTemplate } from '../../../src/core/requestFiles/requestVariables';

const CO2 = 'dtmi:com:buildingtwins:sample:Co2Sensor;1';

function file(requests: string, variables = `{ "co2": "${CO2}" }`): string {
  return `{ "variables": ${variables}, "requests": [${requests}] }`;
}

const SENSORS = `{ "name": "sensors", "operation": "twins list", "query": { "model": "\${co2}" } }`;

describe('request result references', () => {
  it('reads a request name and a JSON Pointer; refuses what is neither', () => {
    assert.deepEqual(parseResultReference('@sensors#/content/0/id'), { request: 'sensors', pointer: '/content/0/id' });
    assert.deepEqual(parseResultReference('@AHU list'), { request: 'AHU list', pointer: '' });
    assert.match((parseResultReference('@#/a') as { error: string }).error, /names no request/);
    assert.match((parseResultReference('@x#content') as { error: string }).error, /not a JSON Pointer/);
    assert.match((parseResultReference('@x#/a~2') as { error: string }).error, /~0/);
  });

  it('follows a pointer through own properties and list indexes only', () => {
    const value = { content: [{ id: 'A/1', 'a/b': 1, 'm~n': 2 }] };
    assert.deepEqual(valueAtPointer(value, '/content/0/id'), { ok: true, value: 'A/1' });
    assert.deepEqual(valueAtPointer(value, '/content/0/a~1b'), { ok: true, value: 1 });
    assert.deepEqual(valueAtPointer(value, '/content/0/m~0n'), { ok: true, value: 2 });
    assert.deepEqual(valueAtPointer(value, ''), { ok: true, value });
    assert.deepEqual(valueAtPointer(value, '/content/1/id'), { ok: false, at: '/content/1' });
    assert.deepEqual(valueAtPointer(value, '/content/01'), { ok: false, at: '/content/01' });
    assert.deepEqual(valueAtPointer(value, '/content/0/constructor'), { ok: false, at: '/content/0/constructor' });
    assert.deepEqual(valueAtPointer(value, '/__proto__'), { ok: false, at: '/__proto__' });
  });

  it('splits a string into text (variables filled in, $${ unescaped) and references', () => {
    const lookup = (name: string) => ({ site: 'HP', n: 3 })[name];
    assert.equal(resultTemplate('no references ${site}', lookup), undefined);
    assert.deepEqual(resultTemplate('${site}-${@a#/id} $${x} ${n}', lookup), {
      ok: true,
      template: ['HP-', { request: 'a', pointer: '/id' }, ' ${x} 3'],
    });
    const unknown = resultTemplate('${level}/${@a#/id}', lookup);
    assert.equal(unknown?.ok, false);
    assert.match((unknown as { message: string }).message, /unknown variable "level"/);
  });

  it('a later request keeps its reference as written, to be filled in when it runs', () => {
    const { file: parsed, problems } = parseRequestFile(
      file(`${SENSORS},
        { "name": "first", "operation": "twins get", "query": { "id": "\${@sensors#/content/0/id}" } }`),
    );
    assert.deepEqual(problems, []);
    const first = parsed.requests[1]!;
    assert.deepEqual(first.query, { id: '${@sensors#/content/0/id}' });
    assert.deepEqual(first.chained, [
      { part: 'query', path: ['id'], template: [{ request: 'sensors', pointer: '/content/0/id' }] },
    ]);
    assert.equal(parsed.requests[0]!.chained, undefined);
  });

  it('refuses a reference to the request itself, to one below it, or to none, at the reference', () => {
    const text = file(`{ "name": "a", "operation": "twins get", "query": { "id": "x \${@b#/id}" } },
      { "name": "b", "operation": "twins get", "query": { "id": "\${@b#/id}" } },
      { "name": "c", "operation": "twins get", "query": { "id": "\${@a#id}" } }`);
    const { problems } = parseRequestFile(text);
    assert.deepEqual(
      problems.map((p) => [p.request, text.slice(p.offset, p.offset + p.length)]),
      [
        [0, '${@b#/id}'],
        [1, '${@b#/id}'],
        [2, '${@a#id}'],
      ],
    );
    assert.match(problems[0]!.message, /no request above this one is named "b":.*\(none\)/);
    assert.match(problems[1]!.message, /no request above this one is named "b":.*\("a"\)/);
    assert.match(problems[2]!.message, /not a JSON Pointer/);
  });

  it('leaves the schema check of a referring value to the run, and still checks the rest', () => {
    const { problems } = parseRequestFile(
      file(`${SENSORS},
        { "name": "page", "operation": "twins list", "query": { "page-size": "\${@sensors#/count}", "model": 5 } }`),
    );
    assert.deepEqual(
      problems.map((p) => p.message),
      ['query.model: must be string', 'query.model: must be array'],
    );
  });

  it('fills references from results: typed when alone, as text inside text', () => {
    const results = new Map<string, EarlierResult>([
      ['a', { ok: true, result: { content: [{ id: 'HP-AHU-1', level: 3, tags: ['x'] }] } }],
      ['broken', { ok: false }],
    ]);
    const get = (name: string) => results.get(name);
    const ref = (pointer: string, request = 'a') => ({ request, pointer });
    assert.deepEqual(fillTemplate([ref('/content/0/level')], get), { ok: true, value: 3 });
    assert.deepEqual(fillTemplate([ref('/content/0/tags')], get), { ok: true, value: ['x'] });
    assert.deepEqual(fillTemplate(['twin ', ref('/content/0/id'), ' on L', ref('/content/0/level')], get), {
      ok: true,
      value: 'twin HP-AHU-1 on L3',
    });
    const errors = [
      fillTemplate(['x', ref('/content/0/tags')], get),
      fillTemplate([ref('/content/0/id', 'later')], get),
      fillTemplate([ref('/content/0/id', 'broken')], get),
      fillTemplate([ref('/content/2/id')], get),
      fillTemplate([ref('/content/0/name')], get),
    ].map((r) => (r.ok ? 'ok' : r.error));
    assert.deepEqual(errors, [
      '${@a#/content/0/tags} is a list: it can only stand alone as the whole string',
      '${@later#/content/0/id}: "later" has not run yet: run it first (or run the whole file)',
      '${@broken#/content/0/id}: "broken" failed, so it has no result to use',
      '${@a#/content/2/id}: the result of "a" has nothing at /content/2',
      '${@a#/content/0/name}: the result of "a" has nothing at /content/0/name',
    ]);
  });

  it('fills a parsed request from the results of its own file only, and checks it again', () => {
    const { file: parsed } = parseRequestFile(
      file(`${SENSORS},
        { "name": "page", "operation": "twins list", "query": { "page-size": "\${@sensors#/size}" },
          "body": { "modelFilter": { "modelIds": ["\${co2}", "\${@sensors#/content/0/modelId}"] } } }`),
    );
    const page = parsed.requests[1]!;
    const earlier = new EarlierResults();
    earlier.record('other.twinq.json', 'sensors', { ok: true, result: { size: 5, content: [{ modelId: 'm' }] } });
    const missing = withEarlierResults(page, earlier.of('this.twinq.json'));
    assert.deepEqual(missing, {
      ok: false,
      error: '${@sensors#/size}: "sensors" has not run yet: run it first (or run the whole file)',
    });
    earlier.record('this.twinq.json', 'sensors', { ok: true, result: { size: 7, content: [{ modelId: 'm' }] } });
    const ready = withEarlierResults(page, earlier.of('this.twinq.json'));
    assert.ok(ready.ok);
    assert.deepEqual(ready.entry.query, { 'page-size': 7 });
    assert.deepEqual(ready.entry.body, { modelFilter: { modelIds: [CO2, 'm'] } });
    assert.equal(ready.entry.chained, undefined);
    assert.deepEqual(page.query, { 'page-size': '${@sensors#/size}' }, 'the parsed request is left as it was');
    earlier.record('this.twinq.json', 'sensors', { ok: true, result: { size: 'many', content: [{ modelId: 'm' }] } });
    const wrong = withEarlierResults(page, earlier.of('this.twinq.json'));
    assert.equal(wrong.ok, false);
    assert.match(
      (wrong as { error: string }).error,
      /^with the earlier results filled in, query\["page-size"\]: must be an integer$/,
    );
    earlier.record('this.twinq.json', 'sensors', { ok: false });
    assert.match((withEarlierResults(page, earlier.of('this.twinq.json')) as { error: string }).error, /failed/);
  });

  it('a request without references is sent as parsed', () => {
    const { file: parsed } = parseRequestFile(file(SENSORS));
    const entry = parsed.requests[0]!;
    assert.equal(resolveResultReferences(entry, () => undefined).ok, true);
    assert.equal((withEarlierResults(entry, () => undefined) as { entry: unknown }).entry, entry);
  });
});
