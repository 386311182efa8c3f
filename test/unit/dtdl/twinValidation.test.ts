import * as assert from 'node:assert/strict';
import { ModelIndex } from '../../../src/core/dtdl/modelIndex';
import { validateProperties, validateTwin } from '../../../src/core/dtdl/twinValidation';
import { ROOM, SPACE, THERMOSTAT, fixtureInterfaces } from './dtdlFixtures';

const index = ModelIndex.fromInterfaces(fixtureInterfaces);
const paths = (contents: Record<string, unknown>, modelId = ROOM): string[] =>
  validateTwin(index, { id: 'T1', modelId, contents }).map((e) => e.path);

describe('validateTwin', () => {
  it('accepts a valid twin using inherited properties, every primitive and complex schema', () => {
    const errors = validateTwin(index, {
      id: 'R-1',
      modelId: ROOM,
      contents: {
        name: 'Room 1',
        code: 7,
        area: 12.5,
        areaUnit: 'squareMetre',
        usage: 'office',
        address: { street: 'Main', number: 3 },
        tags: { quiet: true },
        openedOn: '2024-02-29',
        capacity: 65535,
        level: -128,
        opens: '08:30:00',
        cleaning: 'PT15M',
        roomGuid: '123e4567-e89b-12d3-a456-426614174000',
        photo: 'aGVsbG8=',
        rating: 2,
        doors: [{ street: 'Side' }],
        bookable: false,
        externalID: 'EXT-1',
        $metadata: { $model: ROOM },
        $etag: 'W/"1"',
      },
    });
    assert.deepEqual(errors, []);
  });

  it('accepts a twin without contents', () => {
    assert.deepEqual(validateTwin(index, { modelId: SPACE }), []);
  });

  it('rejects unknown or missing models', () => {
    assert.deepEqual(validateTwin(index, { modelId: 'dtmi:com:example:Nope;1', contents: {} }), [
      { path: '/modelId', message: 'unknown model dtmi:com:example:Nope;1' },
    ]);
    assert.deepEqual(validateTwin(index, { modelId: '' }), [
      { path: '/modelId', message: 'modelId must be a non-empty string' },
    ]);
    assert.deepEqual(validateTwin(index, { id: ' ', modelId: ROOM }), [
      { path: '/id', message: 'id must be a non-empty string' },
    ]);
    assert.deepEqual(validateTwin(index, { modelId: ROOM, contents: [] as unknown as Record<string, unknown> }), [
      { path: '/contents', message: 'contents must be a JSON object' },
    ]);
  });

  it('names undeclared properties', () => {
    const errors = validateTwin(index, { modelId: SPACE, contents: { capacity: 3, 'a/b': 1 } });
    assert.deepEqual(errors, [
      {
        path: '/contents/capacity',
        property: 'capacity',
        message: `capacity is not a property or component of ${SPACE}`,
      },
      { path: '/contents/a~1b', property: 'a/b', message: `a/b is not a property or component of ${SPACE}` },
    ]);
  });

  it('distinguishes integers from doubles and checks integer ranges', () => {
    assert.deepEqual(paths({ code: 1.5 }), ['/contents/code']);
    assert.deepEqual(paths({ code: '1' }), ['/contents/code']);
    assert.deepEqual(paths({ area: 3 }), []);
    assert.deepEqual(paths({ area: '3' }), ['/contents/area']);
    assert.deepEqual(paths({ capacity: -1 }), ['/contents/capacity']);
    assert.deepEqual(paths({ capacity: 65536 }), ['/contents/capacity']);
    assert.deepEqual(paths({ level: 128 }), ['/contents/level']);
    assert.match(validateTwin(index, { modelId: ROOM, contents: { code: 1.5 } })[0].message, /32-bit integer/);
  });

  it('checks date, dateTime, time, duration, uuid and bytes formats', () => {
    assert.deepEqual(paths({ openedOn: '2023-02-29' }), ['/contents/openedOn']);
    assert.deepEqual(paths({ opens: '25:00:00' }), ['/contents/opens']);
    assert.deepEqual(paths({ opens: '08:00:00+02:00' }), []);
    assert.deepEqual(paths({ cleaning: '15 minutes' }), ['/contents/cleaning']);
    assert.deepEqual(paths({ roomGuid: 'not-a-uuid' }), ['/contents/roomGuid']);
    assert.deepEqual(paths({ photo: 'not base64!' }), ['/contents/photo']);
    const since = (v: string): string[] =>
      validateProperties(
        index.relationship(SPACE, 'isPartOf')!.properties,
        { since: v },
        '/properties',
        'isPartOf',
      ).map((e) => e.path);
    assert.deepEqual(since('2024-10-01T12:34:56Z'), []);
    assert.deepEqual(since('2024-10-01T12:34:56.4062816+00:00'), []);
    assert.deepEqual(since('2024-10-01T12:34:56'), ['/properties/since']);
    assert.deepEqual(since('2024-13-01T12:34:56Z'), ['/properties/since']);
  });

  it('checks enum values of both value schemas', () => {
    const errors = validateTwin(index, { modelId: ROOM, contents: { usage: 'garage', rating: '2' } });
    assert.deepEqual(
      errors.map((e) => [e.path, e.message]),
      [
        ['/contents/usage', 'must be one of "office", "storage"'],
        ['/contents/rating', 'must be one of 1, 2'],
      ],
    );
  });

  it('checks object fields, map values and array elements with nested paths', () => {
    const errors = validateTwin(index, {
      modelId: ROOM,
      contents: {
        address: { street: 5, floor: 2 },
        tags: { quiet: 'yes' },
        doors: [{ street: 'A' }, { number: 1.5 }, 'x'],
      },
    });
    assert.deepEqual(
      errors.map((e) => [e.path, e.property]),
      [
        ['/contents/address/street', 'address'],
        ['/contents/address/floor', 'address'],
        ['/contents/tags/quiet', 'tags'],
        ['/contents/doors/1/number', 'doors'],
        ['/contents/doors/2', 'doors'],
      ],
    );
    assert.match(errors[1].message, /floor is not a field of this object \(fields: street, number\)/);
    assert.deepEqual(paths({ address: [] }), ['/contents/address']);
    assert.deepEqual(paths({ tags: 'x' }), ['/contents/tags']);
    assert.deepEqual(paths({ doors: {} }), ['/contents/doors']);
  });

  it('rejects null values and wrong tolerated keys', () => {
    assert.deepEqual(paths({ name: null }), ['/contents/name']);
    assert.deepEqual(paths({ $metadata: 'x', $etag: 1, externalID: 2 }), [
      '/contents/$metadata',
      '/contents/$etag',
      '/contents/externalID',
    ]);
    assert.deepEqual(paths({ $other: 1 }), ['/contents/$other']);
  });

  it('validates components against their interface', () => {
    assert.deepEqual(
      paths(
        {
          setpoint: 21.5,
          info: { serial: 'A1', installed: '2024-01-01T00:00:00Z', $metadata: {} },
          display: { brightness: 3 },
        },
        THERMOSTAT,
      ),
      [],
    );
    const errors = validateTwin(index, {
      modelId: THERMOSTAT,
      contents: { info: { serial: 1, color: 'red', externalID: 'x' }, display: 'bright' },
    });
    assert.deepEqual(
      errors.map((e) => [e.path, e.property]),
      [
        ['/contents/info/serial', 'info'],
        ['/contents/info/color', 'info'],
        ['/contents/info/externalID', 'info'],
        ['/contents/display', 'display'],
      ],
    );
  });

  it('validates relationship properties', () => {
    const rel = index.relationship(ROOM, 'hasSensor')!;
    assert.deepEqual(validateProperties(rel.properties, { position: 'ceiling' }, '/properties', 'hasSensor'), []);
    assert.deepEqual(
      validateProperties(rel.properties, { position: 1, other: true }, '/properties', 'hasSensor').map(
        (e) => e.message,
      ),
      ['must be a string (DTDL string)', 'other is not a property of hasSensor'],
    );
  });
});
