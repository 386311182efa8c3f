import * as assert from 'node:assert/strict';
import { parseRequestFile } from '../../../src/core/requestFiles/requestFileParser';

/** The problems of a file as `line:column message` (sorted by place). */
function problems(text: string): string[] {
  return parseRequestFile(text).problems.map((p) => `${p.line}:${p.column} ${p.message}`);
}

describe('request file parser', () => {
  it('reads a file with comments: connection, variables and requests with their places', () => {
    const text = [
      '// the AHU check',
      '{',
      '  "connection": "Site A", /* pinned */',
      '  "variables": { "model": "dtmi:com:x:Ahu;1", "size": 50 },',
      '  "requests": [',
      '    { "name": "AHUs", "operation": "twins list", "query": { "model": "${model}", "page-size": "${size}" } },',
      '    { "name": "fix", "operation": "twins patch", "write": true, "query": { "id": "AHU-1" }, "body": [ { "op": "replace", "path": "/name", "value": "AHU ${model}" } ] }',
      '  ]',
      '}',
    ].join('\n');
    const { file, problems: found } = parseRequestFile(text);
    assert.deepEqual(found, []);
    assert.equal(file.connection, 'Site A');
    assert.deepEqual(file.variables, { model: 'dtmi:com:x:Ahu;1', size: 50 });
    assert.deepEqual(
      file.requests.map((r) => [r.name, r.operation, r.write, r.span.line, r.span.column]),
      [
        ['AHUs', 'twins list', false, 6, 5],
        ['fix', 'twins patch', true, 7, 5],
      ],
    );
    assert.deepEqual(
      file.requests[0]!.query,
      { model: 'dtmi:com:x:Ahu;1', 'page-size': 50 },
      "a whole-string reference keeps the value's type",
    );
    assert.deepEqual(file.requests[1]!.body, [{ op: 'replace', path: '/name', value: 'AHU dtmi:com:x:Ahu;1' }]);
  });

  it('names the line and column of a syntax error', () => {
    assert.deepEqual(problems('{\n  "requests": [\n    { "name": "a" "operation": "models list" }\n  ]\n}'), [
      '3:19 JSON syntax error: CommaExpected',
    ]);
  });

  it('marks syntax errors as such (the editor shows them already) and no other problem', () => {
    assert.deepEqual(
      parseRequestFile('{ "requests": [ { "name": "a" "operation": "models list" } ] }').problems.map((p) => p.syntax),
      [true],
    );
    assert.deepEqual(
      parseRequestFile('{ "requests": [ { "name": "a", "operation": "no such thing" } ] }').problems.map(
        (p) => p.syntax,
      ),
      [undefined],
    );
  });

  it('refuses what is not a request file', () => {
    assert.deepEqual(problems('[]'), [
      '1:1 a request file is an object: { "requests": [ { "name", "operation", … } ] }',
    ]);
    assert.deepEqual(problems('{}'), ['1:1 the file has no "requests" list']);
    assert.deepEqual(problems('{ "requests": {}, "extra": 1 }'), [
      '1:15 "requests" must be a list of requests',
      '1:19 unknown key "extra" (a request file has connection, variables, requests)',
    ]);
  });

  it('an unknown operation, at the operation, with the operations of its group', () => {
    const [problem] = problems('{ "requests": [\n { "name": "a", "operation": "twins lst" } ] }');
    assert.match(problem!, /^2:30 unknown operation "twins lst": "twins" has "twins list", "twins get"/);
    assert.match(
      problems('{ "requests": [ { "name": "a", "operation": "token" } ] }')[0]!,
      /"token" cannot run from a request file: it prints an access token/,
    );
  });

  it('a missing or empty name, and a name used twice, at the request', () => {
    assert.deepEqual(
      problems('{ "requests": [\n  { "operation": "models list" },\n  { "name": "", "operation": "models list" }\n] }'),
      ['2:3 request 1 has no "name"', '3:13 "name" must be a non-empty string'],
    );
    assert.deepEqual(
      problems(
        '{ "requests": [\n  { "name": "a", "operation": "models list" },\n  { "name": "a", "operation": "models get", "query": { "dtmi": "x" } }\n] }',
      ),
      ['3:13 the name "a" is also the name of request 1'],
    );
  });

  it('a body of the wrong type, at the value inside the body', () => {
    const text =
      '{ "requests": [ {\n  "name": "n", "operation": "twins count",\n  "body": {\n    "modelFilter": { "modelIds": "dtmi:x;1" }\n  }\n} ] }';
    assert.deepEqual(problems(text), ['4:22 body.modelFilter.modelIds: must be array']);
    assert.deepEqual(problems('{ "requests": [ { "name": "n", "operation": "models list", "body": {} } ] }'), [
      '1:68 "models list" takes no body',
    ]);
    assert.deepEqual(
      problems(
        '{ "requests": [ { "name": "n", "operation": "insights list", "body": { "filterSpecifications": [ { "field": "priority", "operator": "eq", "value": 1 } ] } } ] }',
      ),
      ['1:121 body.filterSpecifications[0].operator: the service spells this operator "="'],
    );
  });

  it('query: unknown keys, wrong types and missing arguments', () => {
    assert.deepEqual(
      problems(
        '{ "requests": [ { "name": "n", "operation": "twins list", "query": { "page-size": "ten", "pages": 2 } } ] }',
      ),
      ['1:70 query["page-size"]: must be an integer', '1:90 query.pages: is not allowed here'],
    );
    assert.deepEqual(problems('{ "requests": [ { "name": "n", "operation": "relationships get", "query": {} } ] }'), [
      '1:75 "relationships get" needs "query": { "twinId": …, "relationshipId": … }',
    ]);
    assert.deepEqual(problems('{ "requests": [ { "name": "n", "operation": "twins get" } ] }'), [
      '1:45 "twins get" needs "query": { "id": … }',
    ]);
  });

  it('an unknown variable, at the reference, naming the known ones', () => {
    const text =
      '{ "variables": { "site": "HP" },\n  "requests": [ { "name": "n", "operation": "twins get", "query": { "id": "${site}-${level}" } } ] }';
    assert.deepEqual(problems(text), [
      '2:84 unknown variable "level"; known: the file\'s variables (site) and the connection\'s (connectionName, baseUrl, clientId)',
    ]);
  });

  it('variables: connection names are taken, names must be names', () => {
    assert.deepEqual(problems('{ "variables": { "baseUrl": "x", "9a": 1 }, "requests": [] }'), [
      '1:18 "baseUrl" is supplied by the connection: choose another name',
      '1:34 "9a" cannot be a variable name (letters, digits, _ . -, not starting with a digit)',
    ]);
  });

  it('the connection supplies its variables', () => {
    const { file, problems: found } = parseRequestFile(
      '{ "requests": [ { "name": "n", "operation": "twins get", "query": { "id": "${connectionName}:${clientId}" } } ] }',
      { connectionName: 'Site', clientId: 'c1' },
    );
    assert.deepEqual(found, []);
    assert.deepEqual(file.requests[0]!.query, { id: 'Site:c1' });
  });

  it('a write needs "write": true, and a body', () => {
    assert.deepEqual(
      problems('{ "requests": [ { "name": "n", "operation": "twins put", "body": { "id": "a", "modelId": "m" } } ] }'),
      ['1:45 "twins put" changes data: add "write": true to the request to run it'],
    );
    assert.deepEqual(problems('{ "requests": [ { "name": "n", "operation": "twins put", "write": true } ] }'), [
      '1:45 "twins put" needs a "body": a twin, or an array of twins',
    ]);
  });

  it('refuses prototype keys in a body', () => {
    const [problem] = problems(
      '{ "requests": [ { "name": "n", "operation": "twins count", "body": { "__proto__": {} } } ] }',
    );
    assert.match(problem!, /^1:70 the request uses the reserved name "__proto__"/);
  });

  it('keeps requests with problems, so an editor can still place them', () => {
    const { file, problems: found } = parseRequestFile(
      '{ "requests": [ { "name": "a", "operation": "twins nope" }, { "name": "b", "operation": "models list" } ] }',
    );
    assert.equal(found.length, 1);
    assert.equal(found[0]!.request, 0);
    assert.deepEqual(
      file.requests.map((r) => r.name),
      ['a', 'b'],
    );
  });
});
