import * as assert from 'node:assert/strict';
import { exportFileName, pngBytes, ServedGraph } from '../../../src/extension/panels/twinGraph/twinGraphExport';

const twin = (id: string) => ({ id, modelId: 'dtmi:x:Room;1', contents: { name: id } });
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('twin graph exports', () => {
  it('exports only twins the host served, each once, with the relationships between them', () => {
    const served = new ServedGraph();
    served.add(twin('A'), [
      {
        alias: 'hop1',
        items: [
          {
            twin: twin('B'),
            relationship: { sourceId: 'B', targetId: 'A', name: 'isPartOf' },
            related: [
              {
                alias: 'hop2',
                items: [{ twin: twin('C'), relationship: { sourceId: 'C', targetId: 'B', name: 'locatedIn' } }],
              },
            ],
          },
        ],
      },
    ] as never);
    assert.deepEqual(
      served.twinsOf(['A', 'B', 'A']).map((t) => t.id),
      ['A', 'B'],
    );
    const file = served.adtFile(served.twinsOf(['A', 'B']), []);
    assert.deepEqual(
      file.digitalTwinsGraph.relationships.map((r) => r.$relationshipId),
      ['B_isPartOf_A'],
    );
    assert.throws(() => served.twinsOf(['A', 'Z']), /Z is not a twin of this graph/);
    assert.throws(() => served.twinsOf([]), /1 to 20000 twins/);
    assert.throws(() => served.twinsOf('A'), /1 to 20000 twins/);
    assert.throws(() => served.twinsOf([{ id: 'A' }]), /is not a twin of this graph/);
  });

  it('writes a PNG only: a PNG data URL with the signature, valid base64, not too long', () => {
    assert.deepEqual([...pngBytes(`data:image/png;base64,${PNG.toString('base64')}`)], [...PNG]);
    assert.throws(() => pngBytes('data:image/svg+xml;base64,PHN2Zz4='), /PNG data URL/);
    assert.throws(() => pngBytes(42), /PNG data URL/);
    assert.throws(() => pngBytes('data:image/png;base64,not base64!'), /not valid base64/);
    assert.throws(() => pngBytes(`data:image/png;base64,${Buffer.from('GIF89a').toString('base64')}`), /not a PNG/);
    assert.throws(() => pngBytes(`data:image/png;base64,${'A'.repeat(40_000_000)}`), /at most/);
  });

  it('names the file after the root with safe characters only', () => {
    assert.equal(exportFileName('HP-AHU-1', 'json'), 'twin-graph-HP-AHU-1.json');
    assert.equal(exportFileName('../../etc/passwd', 'png'), 'twin-graph-etc-passwd.png');
    assert.equal(exportFileName('', 'png'), 'twin-graph-export.png');
  });
});
