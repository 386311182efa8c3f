import * as assert from 'node:assert/strict';
import { MODEL_SHAPES, modelColour, modelMarks, preferredSlot } from '../../../src/webviews/twinGraph/app/modelColors';

const SAMPLE = 'dtmi:com:buildingtwins:sample:';
const key = (m: { colour: string; shape: string }): string => `${m.colour} ${m.shape}`;

describe('twin graph model colours', () => {
  it('draws every model of a graph apart: its own colour, or a shape of its own among those sharing it', () => {
    const models = Array.from({ length: 40 }, (_, i) => `dtmi:x:Model${i};1`);
    const marks = modelMarks(models);
    assert.equal(new Set([...marks.values()].map(key)).size, models.length);
    const sample = modelMarks([`${SAMPLE}Room;1`, `${SAMPLE}VAVBox;1`]);
    assert.notEqual(key(sample.get(`${SAMPLE}Room;1`)!), key(sample.get(`${SAMPLE}VAVBox;1`)!));
  });

  it('gives a model the same colour in every graph, whatever other models it has and in whatever order', () => {
    const models = Array.from({ length: 30 }, (_, i) => `dtmi:x:M${i};1`);
    const all = modelMarks(models);
    const some = modelMarks(models.slice(10, 20).reverse());
    for (const m of models.slice(10, 20)) {
      assert.equal(some.get(m)!.colour, all.get(m)!.colour, m);
      assert.equal(some.get(m)!.colour, modelColour(m));
    }
  });

  it('tells models sharing a colour apart by shape, the one sorting first a circle', () => {
    const models = Array.from({ length: 200 }, (_, i) => `dtmi:x:M${i};1`);
    const first = models[0];
    const same = models.filter((m) => preferredSlot(m) === preferredSlot(first)).slice(0, 3);
    assert.ok(same.length === 3, 'three models share a colour');
    const marks = modelMarks([...same].reverse());
    const sorted = [...same].sort();
    assert.deepEqual(
      sorted.map((m) => marks.get(m)!.shape),
      MODEL_SHAPES.slice(0, 3),
    );
    assert.equal(new Set(sorted.map((m) => marks.get(m)!.colour)).size, 1);
  });
});
