import * as assert from 'node:assert/strict';
import { ModelColors } from '../../../src/webviews/twinGraph/app/modelColors';

describe('twin graph model colours', () => {
  it('gives every model of a graph its own colour, the same one each time', () => {
    const colours = new ModelColors();
    const models = Array.from({ length: 40 }, (_, i) => `dtmi:x:Model${i};1`);
    const first = models.map((m) => colours.of(m));
    assert.equal(new Set(first).size, models.length);
    assert.deepEqual(
      models.map((m) => colours.of(m)),
      first,
    );
  });

  it('does not hash: two models whose ids once shared a colour (Room, VAV box) now differ', () => {
    const colours = new ModelColors();
    assert.notEqual(
      colours.of('dtmi:com:buildingtwins:sample:Room;1'),
      colours.of('dtmi:com:buildingtwins:sample:VAVBox;1'),
    );
  });
});
