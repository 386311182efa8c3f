import * as assert from 'node:assert/strict';
import { formatJson, formatTable } from '../../../src/cli/output';

describe('CLI output', () => {
  it('prints JSON with a trailing newline', () => {
    assert.equal(formatJson({ a: 1 }), '{\n  "a": 1\n}\n');
  });

  it('tables a list with the given (dotted) columns and clips long cells', () => {
    const text = formatTable(
      [
        { id: 't1', ticketStatus: { name: 'Open' }, summary: 'x'.repeat(80) },
        { id: 't2', ticketStatus: { name: 'Closed' }, summary: null },
      ],
      ['id', 'ticketStatus.name', 'summary'],
    );
    const lines = text.trimEnd().split('\n');
    assert.match(lines[0]!, /^id\s+ticketStatus\.name\s+summary$/);
    assert.match(lines[2]!, /^t1\s+Open\s+x{47}…$/);
    assert.match(lines[3]!, /^t2\s+Closed$/);
  });

  it('tables the items of a page and adds its paging fields; picks scalar columns when none are given', () => {
    const text = formatTable({ items: [{ id: 'a', n: 1, nested: { x: 1 } }], total: 9, before: 0, after: 8 });
    assert.match(text, /^id\s+n\n/);
    assert.match(text, /total: 9 {2}before: 0 {2}after: 8\n$/);
    assert.equal(formatTable([]), '(none)\n');
  });

  it('tables a single record as field/value rows', () => {
    const lines = formatTable({ id: 'AHU-1', contents: { a: 1 } })
      .trimEnd()
      .split('\n');
    assert.match(lines[0]!, /^field\s+value$/);
    assert.match(lines[3]!, /^contents\s+\{"a":1\}$/);
  });

  it('shows a DTDL language map as its display name, not as JSON', () => {
    const models = [
      { id: 'dtmi:willow:AHU;1', displayName: { de: 'Lüftungsgerät', en: 'Air handling unit' } },
      { id: 'dtmi:willow:Room;1', displayName: { fr: 'Pièce' } },
      { id: 'dtmi:willow:Odd;1', displayName: { en: 'x', size: 3 } },
    ];
    const text = formatTable(models, ['id', 'displayName']);
    const lines = text.trimEnd().split('\n');
    assert.match(lines[2]!, /^dtmi:willow:AHU;1\s+Air handling unit$/);
    assert.match(lines[3]!, /^dtmi:willow:Room;1\s+Pièce$/);
    assert.doesNotMatch(lines.slice(0, 4).join('\n'), /[{}]/);
    // Not a language map (a number in it): printed as it is.
    assert.match(lines[4]!, /\{"en":"x","size":3\}$/);
    // Found without columns too, and in a record's field/value rows.
    assert.match(formatTable(models.slice(0, 1)), /^id\s+displayName\n/);
    assert.match(formatTable(models[0]), /displayName\s+Air handling unit\n/);
  });
});
