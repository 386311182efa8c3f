import * as assert from 'node:assert/strict';
import { TICKET_UPDATABLE_PROPERTIES, type Ticket } from '../../../../src/core/api/types';
import {
  TICKET_DOCUMENT_FIELDS,
  TicketPatchError,
  ticketDocumentPatch,
} from '../../../../src/extension/tickets/ticketPatch';

const ticket: Ticket = {
  id: 't-1',
  summary: 'Fan noisy',
  description: 'AHU-1 supply fan rattles',
  notes: null,
  twinId: 'AHU-1',
  insightId: null,
  ticketStatus: { id: 'open', name: 'Open', tab: 'Open', color: 'yellow' },
  ticketPriority: { id: 'p2', name: 'High', priorityLevel: 'high' },
  category: null,
  jobType: { id: 'jt-1', name: 'Repair' },
  createdDate: '2024-10-01T00:00:00Z',
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests poke at arbitrary ticket fields
type Doc = Record<string, any>;

function edit(change: (doc: Doc) => void): Doc {
  const doc = structuredClone(ticket) as Doc;
  change(doc);
  return doc;
}

function problemsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof TicketPatchError, String(err));
    return err.problems;
  }
  assert.fail('expected a TicketPatchError');
}

describe('ticket document to patch', () => {
  it('returns no operations when nothing changed', () => {
    assert.deepEqual(ticketDocumentPatch(ticket, structuredClone(ticket)), []);
  });

  it('maps text fields and reference ids onto patch properties, in a stable order', () => {
    const doc = edit((d) => {
      d.notes = 'Bearing ordered';
      d.ticketStatus = { id: 'closed', name: 'Open (stale name is ignored)' };
      d.category = { id: 'cat-hvac' };
      d.jobType = null;
      d.summary = 'Fan very noisy';
    });
    assert.deepEqual(ticketDocumentPatch(ticket, doc), [
      { op: 'replace', path: '/summary', value: 'Fan very noisy' },
      { op: 'replace', path: '/notes', value: 'Bearing ordered' },
      { op: 'replace', path: '/statusId', value: 'closed' },
      { op: 'replace', path: '/categoryId', value: 'cat-hvac' },
      { op: 'replace', path: '/jobTypeId', value: null },
    ]);
  });

  it('ignores display-only names and the dates the service keeps (an editor still showing them after a save)', () => {
    const doc = edit((d) => {
      d.ticketStatus.name = 'Stale';
      d.updatedDate = '2020-01-01T00:00:00Z';
      d.attachments = [];
    });
    assert.deepEqual(ticketDocumentPatch(ticket, doc), []);
  });

  it('accepts a text field the service did not send', () => {
    assert.deepEqual(
      ticketDocumentPatch(
        ticket,
        edit((d) => (d.cause = 'Worn bearing')),
      ),
      [{ op: 'replace', path: '/cause', value: 'Worn bearing' }],
    );
  });

  it('refuses read-only fields, removals, display-only names and bad values', () => {
    assert.match(
      problemsOf(() =>
        ticketDocumentPatch(
          ticket,
          edit((d) => (d.twinId = 'AHU-2')),
        ),
      )[0],
      /^"twinId" cannot be changed: it is not an updatable ticket field/,
    );
    assert.match(
      problemsOf(() =>
        ticketDocumentPatch(
          ticket,
          edit((d) => (d.extra = 1)),
        ),
      )[0],
      /^"extra" cannot be changed/,
    );
    assert.deepEqual(
      problemsOf(() =>
        ticketDocumentPatch(
          ticket,
          edit((d) => delete d.description),
        ),
      ),
      ['Removing "description" is not allowed: a ticket patch can only replace values (set it to null instead).'],
    );
    assert.match(
      problemsOf(() =>
        ticketDocumentPatch(
          ticket,
          edit((d) => (d.id = 't-2')),
        ),
      )[0],
      /^"id" cannot be changed/,
    );
    assert.deepEqual(
      problemsOf(() =>
        ticketDocumentPatch(
          ticket,
          edit((d) => (d.ticketPriority = null)),
        ),
      ),
      ['"ticketPriority.id" is required: a ticket always has a priority.'],
    );
    assert.deepEqual(
      problemsOf(() =>
        ticketDocumentPatch(
          ticket,
          edit((d) => (d.summary = ' ')),
        ),
      ),
      ['"summary" must be a non-empty string.'],
    );
    assert.deepEqual(
      problemsOf(() =>
        ticketDocumentPatch(
          ticket,
          edit((d) => (d.dueDate = 'soon')),
        ),
      ),
      ['"dueDate" must be an ISO 8601 date-time such as 2024-10-01T12:00:00Z, or null.'],
    );
    assert.deepEqual(
      problemsOf(() => ticketDocumentPatch(ticket, [])),
      ['The ticket document must be a JSON object.'],
    );
  });
});

describe('ticket document fields', () => {
  it('gives every updatable property of the patch request a place in the document', () => {
    assert.deepEqual(Object.keys(TICKET_DOCUMENT_FIELDS).sort(), [...TICKET_UPDATABLE_PROPERTIES].sort());
    assert.equal(TICKET_DOCUMENT_FIELDS.statusId, 'ticketStatus.id');
  });
});
