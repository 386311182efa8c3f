import * as assert from 'node:assert/strict';
import { ticketReferenceAt } from '../../../../src/extension/tickets/ticketReferenceTarget';

/** The text with `|` removed, and the offset where it stood. */
function at(marked: string): [string, number] {
  const offset = marked.indexOf('|');
  return [marked.slice(0, offset) + marked.slice(offset + 1), offset];
}

describe('ticket reference completion target', () => {
  it('finds the id of each reference field, with the string to replace', () => {
    const [text, offset] = at('{\n  "ticketStatus": { "id": "op|en", "name": "Open" }\n}');
    const start = text.indexOf('"open"');
    assert.deepEqual(ticketReferenceAt(text, offset), { field: 'ticketStatus', replace: { offset: start, length: 6 } });
    for (const field of ['ticketPriority', 'category', 'jobType', 'serviceNeeded']) {
      const [t, o] = at(`{ "${field}": { "id": "|" } }`);
      assert.equal(ticketReferenceAt(t, o)?.field, field);
    }
  });

  it('inserts at the cursor when no string is typed yet', () => {
    const [text, offset] = at('{ "category": { "id": | } }');
    assert.deepEqual(ticketReferenceAt(text, offset), { field: 'category' });
  });

  it('offers nothing elsewhere: names, keys, other fields, nested deeper, prototype keys', () => {
    for (const marked of [
      '{ "ticketStatus": { "name": "Op|en" } }',
      '{ "ticketStatus": { "i|d": "open" } }',
      '{ "summary": "|" }',
      '{ "twinId": { "id": "|" } }',
      '{ "category": { "id": { "id": "|" } } }',
      '{ "constructor": { "id": "|" } }',
      '{ "__proto__": { "id": "|" } }',
    ]) {
      const [text, offset] = at(marked);
      assert.equal(ticketReferenceAt(text, offset), undefined, marked);
    }
  });
});
