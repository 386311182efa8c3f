import * as assert from 'node:assert/strict';
import { GUID_TWIN_FIELDS, isDtmi, twinFieldProblems } from '../../../src/core/dtdl/twinIdFields';

// The service's TwinValidatorService: a DTMI model id and six GUID id fields, checked on PUT /twins.
describe('twin id fields the service checks (twinFieldProblems)', () => {
  const GUID = '104bd33c-a697-4027-b6a6-677e30a53d09';

  it('accepts GUIDs in every form .NET parses, null and absent fields, and a DTMI model id', () => {
    const contents = Object.fromEntries(
      GUID_TWIN_FIELDS.map((f, i) => [
        f,
        [GUID, GUID.toUpperCase(), GUID.replace(/-/g, ''), `{${GUID}}`, `(${GUID})`, ` ${GUID} `][i],
      ]),
    );
    assert.deepEqual(twinFieldProblems({ modelId: 'dtmi:com:willowinc:Room;1', contents }), []);
    assert.deepEqual(twinFieldProblems({ modelId: 'dtmi:com:willowinc:Room;1', contents: { siteID: null } }), []);
    assert.deepEqual(twinFieldProblems({ modelId: 'dtmi:com:willowinc:Room;1' }), []);
  });

  it("names each wrong field with the service's line, values written as .NET writes them", () => {
    const problems = twinFieldProblems({
      modelId: 'Room',
      contents: {
        siteID: 'SITE-1',
        floorID: 3,
        uniqueID: true,
        trendID: '',
        connectorID: { a: 1 },
        geometryViewerID: `${GUID}x`,
      },
    });
    assert.deepEqual(
      problems.map((p) => [p.path, p.field]),
      [
        ['/modelId', 'ModelId'],
        ['/contents/siteID', 'siteID'],
        ['/contents/floorID', 'floorID'],
        ['/contents/uniqueID', 'uniqueID'],
        ['/contents/geometryViewerID', 'geometryViewerID'],
        ['/contents/trendID', 'trendID'],
        ['/contents/connectorID', 'connectorID'],
      ],
    );
    assert.equal(problems[0].message, 'Field : ModelId Value: Room Message: Invalid Model Id Format.');
    assert.equal(problems[1].message, 'Field : siteID Value: SITE-1 Message: Invalid GUID Format.');
    assert.equal(problems[3].message, 'Field : uniqueID Value: True Message: Invalid GUID Format.');
  });

  it('matches field names exactly (siteId is another property) and reads only the top level', () => {
    assert.deepEqual(
      twinFieldProblems({ modelId: 'dtmi:x:Y;1', contents: { siteId: 'x', SITEID: 'x', nested: { siteID: 'x' } } }),
      [],
    );
  });

  it('checks DTMI syntax', () => {
    for (const ok of ['dtmi:com:willowinc:Room;1', 'dtmi:a:b', 'dtmi:com:example:Thing;2.1']) assert.ok(isDtmi(ok), ok);
    for (const bad of ['Room', 'dtmi:', 'dtmi:com:1a;1', 'dtmi:com:a;0', 'urn:com:a;1']) assert.ok(!isDtmi(bad), bad);
  });
});
