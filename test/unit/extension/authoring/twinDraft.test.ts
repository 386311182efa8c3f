import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ModelIndex } from '../../../../src/core/dtdl/modelIndex';
import { createSchemaAjv } from '../../../../src/core/dtdl/twinSchemaValidator';
import { validateTwin } from '../../../../src/core/dtdl/twinValidation';
import { authoringSchema, relationshipNames } from '../../../../src/extension/authoring/authoringSchemas';
import { willowOntology } from '../../dtdl/ontologyPath';
import {
  draftPlaceholders,
  PLACEHOLDER_PREFIX,
  suggestTwinId,
  twinDraft,
  twinDraftText,
} from '../../../../src/extension/authoring/twinDraft';

const root = path.resolve(__dirname, '../../../../..');
const SAMPLE_MODELS = path.join(root, 'src/emulator/sample/models');
const S = 'dtmi:com:buildingtwins:sample';

describe('twin drafts', () => {
  let sample: ModelIndex;
  before(async () => {
    sample = await ModelIndex.fromFolder(SAMPLE_MODELS);
  });

  it('hold every property (inherited ones too) as a placeholder saying what to fill in, never a real value', () => {
    const draft = twinDraft(sample, `${S}:Room;1`, 'Room-1');
    assert.equal(draft.id, 'Room-1');
    assert.equal(draft.modelId, `${S}:Room;1`);
    const contents = draft.contents as Record<string, string>;
    assert.match(contents.roomType, /^<fill in: one of office \| /, 'an enum lists its values');
    assert.match(contents.capacity, /^<fill in: (integer|long|double|float)/);
    assert.match(contents.name, /^<fill in: string/, 'inherited from Twin');
    assert.ok('area' in contents, 'inherited from Space');
    for (const value of Object.values(contents))
      assert.ok(value.startsWith(PLACEHOLDER_PREFIX) && value.endsWith('>'), value);
    assert.deepEqual(
      Object.keys(contents),
      [...Object.keys(contents)].sort((a, b) => a.localeCompare(b)),
    );
    assert.deepEqual(Object.keys(JSON.parse(twinDraftText(draft))), ['id', 'modelId', 'contents']);
  });

  it('name every placeholder left, for every sample and Willow model, in each shape Create from JSON reads', async function () {
    this.timeout(60_000);
    const willow = await ModelIndex.fromFolder(willowOntology());
    assert.ok(willow.size > 3000);
    for (const index of [sample, willow]) {
      for (const id of index.ids()) {
        const draft = twinDraft(index, id, 'x');
        assert.equal(draftPlaceholders(draft).length, Object.keys(draft.contents ?? {}).length, id);
      }
    }
    const draft = twinDraft(sample, `${S}:Room;1`, 'R1');
    const filled = { ...draft, contents: { name: 'Room 1', capacity: 4 } };
    assert.deepEqual(validateTwin(sample, filled), [], 'filled in, the draft validates');
    assert.deepEqual(draftPlaceholders(filled), []);
    const partly = { ...filled, contents: { ...filled.contents, roomType: draft.contents?.roomType } };
    assert.deepEqual(draftPlaceholders(partly), ['R1: roomType']);
    assert.deepEqual(draftPlaceholders([partly, { sourceId: 'R1', name: 'isPartOf', targetId: 'L1' }]), [
      'R1: roomType',
    ]);
    assert.deepEqual(draftPlaceholders({ twins: [partly], relationships: [] }), ['R1: roomType']);
    assert.deepEqual(draftPlaceholders({ ...filled, contents: { name: '<b>not a placeholder</b>' } }), []);
    for (const other of [null, 'text', 42, { contents: 'x' }]) assert.deepEqual(draftPlaceholders(other), []);
  });

  it('refuse an unknown model and suggest readable ids', () => {
    assert.throws(() => twinDraft(sample, 'dtmi:com:example:Nope;1'), /Unknown model dtmi:com:example:Nope;1/);
    assert.match(suggestTwinId(`${S}:AirHandlingUnit;1`), /^AirHandlingUnit-[0-9a-f]{6}$/);
    assert.notEqual(suggestTwinId(`${S}:Room;1`), suggestTwinId(`${S}:Room;1`));
  });
});

describe('authoring schemas', () => {
  let sample: ModelIndex;
  before(async () => {
    sample = await ModelIndex.fromFolder(SAMPLE_MODELS);
  });
  const check = (schema: object, value: unknown): boolean => createSchemaAjv().compile(schema)(value) as boolean;

  it("twin schema: one twin or an array, contents checked by the twin's model", () => {
    const schema = authoringSchema('twin', sample);
    const good = { id: 'R1', modelId: `${S}:Room;1`, contents: { name: 'Room 1', capacity: 4, roomType: 'office' } };
    assert.equal(check(schema, good), true);
    assert.equal(check(schema, [good, { id: 'L1', modelId: `${S}:Level;1`, contents: { levelNumber: 1 } }]), true);
    assert.equal(check(schema, { ...good, contents: { ...good.contents, wrongProperty: 1 } }), false);
    assert.equal(check(schema, { ...good, contents: { roomType: 'ballroom' } }), false);
    assert.equal(check(schema, { ...good, modelId: 'dtmi:com:example:Nope;1' }), false);
  });

  it('import schema: mixed arrays and { twins, relationships }, relationships need their ends', () => {
    const schema = authoringSchema('import', sample);
    const twin = { id: 'L1', modelId: `${S}:Level;1`, contents: { levelNumber: 1 } };
    const rel = { sourceId: 'R1', name: 'isPartOf', targetId: 'L1' };
    assert.equal(check(schema, [twin, rel]), true);
    assert.equal(check(schema, { twins: [twin], relationships: [rel] }), true);
    assert.equal(check(schema, [{ sourceId: 'R1', name: 'isPartOf' }]), false);
    assert.equal(check(schema, [{ ...twin, contents: { levelNumber: 1.5 } }]), false);
    assert.equal(check(schema, { twins: [twin], other: [] }), false);
  });

  it("limited to the models in use: every model id accepted, only those models' contents checked, small for Willow", async function () {
    this.timeout(60_000);
    const willow = await ModelIndex.fromFolder(willowOntology());
    const room = 'dtmi:com:willowinc:Room;1';
    const other = willow.ids().find((id) => id !== room && willow.properties(id).size > 0)!;
    for (const kind of ['twin', 'import'] as const) {
      const schema = authoringSchema(kind, willow, [room, 'dtmi:com:example:Unknown;1']);
      assert.ok(JSON.stringify(schema).length < 2_000_000, `${kind} schema stays small`);
      const one = (twin: unknown): unknown => (kind === 'twin' ? twin : [twin]);
      assert.equal(check(schema, one({ id: 'r', modelId: room, contents: { notAProperty: 1 } })), false);
      assert.equal(check(schema, one({ id: 'r', modelId: room, contents: {} })), true);
      assert.equal(
        check(schema, one({ id: 'o', modelId: other, contents: { notAProperty: 1 } })),
        true,
        'other models: contents not described',
      );
      assert.equal(
        check(schema, one({ id: 'o', modelId: 'dtmi:com:example:Unknown;1' })),
        false,
        'unknown models still refused',
      );
    }
    const none = authoringSchema('twin', willow, []) as {
      definitions: { modelIds: { enum: string[] } };
      then: { items: { allOf?: unknown } };
    };
    assert.equal(none.definitions.modelIds.enum.length, willow.size);
    assert.equal(none.then.items.allOf, undefined);
  });

  it('relationship schema: names of every model offered, ends required', () => {
    assert.deepEqual(relationshipNames(sample), [
      'hostedBy',
      'isCapabilityOf',
      'isFedBy',
      'isPartOf',
      'locatedIn',
      'serves',
      'subMeterOf',
    ]);
    const schema = authoringSchema('relationship', sample);
    assert.equal(
      check(schema, { sourceId: 'A', name: 'isFedBy', targetId: 'B', properties: { substance: 'ChilledWater' } }),
      true,
    );
    assert.equal(check(schema, [{ sourceId: 'A', name: 'isFedBy', targetId: 'B' }]), true);
    assert.equal(check(schema, { sourceId: 'A', name: '', targetId: 'B' }), false);
  });
});
