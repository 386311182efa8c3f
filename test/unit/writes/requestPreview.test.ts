import * as assert from 'node:assert/strict';
import type { OutgoingWrite } from '../../../src/core/api/httpTransport';
import { outgoingWritePreview, outgoingWriteQuestion } from '../../../src/core/writes/requestPreview';
import { writeDetail } from '../../../src/core/writes/writePreview';

const BASE = 'https://acme.willowinc.com/api/v3';
const write = (w: Omit<OutgoingWrite, 'url'>): OutgoingWrite => ({ ...w, url: `${BASE}${w.path}` });

describe('request preview (a write the client is about to send)', () => {
  it('says what each write operation does, to what, on which connection', () => {
    const q = (w: Omit<OutgoingWrite, 'url'>): string => outgoingWriteQuestion(write(w), 'Production');
    assert.equal(
      q({ operation: 'putTwin', method: 'PUT', path: '/twins', json: { id: 'AHU-1', modelId: 'm' } }),
      'Create or replace twin AHU-1 on "Production"?',
    );
    assert.equal(
      q({ operation: 'patchTwin', method: 'PATCH', path: '/twins/AHU%201', json: [{ op: 'remove', path: '/a' }] }),
      'Send 1 change to twin AHU 1 on "Production"?',
    );
    assert.equal(
      q({
        operation: 'putRelationship',
        method: 'PUT',
        path: '/twins/relationships',
        json: { name: 'isPartOf', sourceId: 'R-1', targetId: 'L-1' },
      }),
      'Create or replace relationship isPartOf from R-1 to L-1 on "Production"?',
    );
    assert.equal(
      q({ operation: 'sendTimeSeries', method: 'POST', path: '/time-series', json: [{}, {}] }),
      'Send 2 time series values to "Production"?',
    );
    assert.equal(
      q({ operation: 'putEvents', method: 'PUT', path: '/events', json: [{}] }),
      'Create or update 1 event on "Production"?',
    );
    assert.equal(
      q({ operation: 'deleteEvents', method: 'DELETE', path: '/events', json: ['a', 'b', 'c'] }),
      'Delete 3 events on "Production"?',
    );
    assert.equal(
      q({ operation: 'uploadEventFiles', method: 'POST', path: '/events/files', files: [{ name: 'a.csv', bytes: 3 }] }),
      'Upload 1 file of events to "Production"?',
    );
    assert.equal(
      q({ operation: 'createTicket', method: 'PUT', path: '/tickets', json: { summary: 'Leak' } }),
      'Create the ticket "Leak" on "Production"?',
    );
    assert.equal(
      q({ operation: 'patchTicket', method: 'PATCH', path: '/tickets/T-9', json: [{}, {}] }),
      'Send 2 changes to ticket T-9 on "Production"?',
    );
    assert.equal(
      q({ operation: 'createTicketMetadata', method: 'PUT', path: '/tickets/job-types', json: { name: 'Repair' } }),
      'Create the ticket job-types item "Repair" on "Production"?',
    );
    assert.equal(
      q({ operation: 'renameTicketMetadata', method: 'PATCH', path: '/tickets/categories/C-1', json: [] }),
      'Rename the ticket categories item C-1 on "Production"?',
    );
    assert.equal(
      q({ operation: 'someFutureWrite', method: 'POST', path: '/things' }),
      'Send POST /things to "Production"?',
    );
  });

  it('details the request line and its JSON Patch, body or files; untrusted text loses its control characters', () => {
    const target = { connection: 'Prod\u001b[31m', baseUrl: `${BASE}/` };
    const patch = outgoingWritePreview(
      write({
        operation: 'patchTicket',
        method: 'PATCH',
        path: '/tickets/T-1',
        json: [{ op: 'replace', path: '/summary', value: 'x' }],
      }),
      target,
    );
    assert.equal(patch.question, 'Send 1 change to ticket T-1 on "Prod"?');
    assert.equal(writeDetail(patch.pending, 12, false), `PATCH ${BASE}/tickets/T-1\n\nreplace /summary: "x"`);
    const upload = outgoingWritePreview(
      write({
        operation: 'uploadEventFiles',
        method: 'POST',
        path: '/events/files',
        files: [{ name: 'a\u0007.csv', bytes: 12 }],
      }),
      target,
    );
    assert.equal(writeDetail(upload.pending), `POST ${BASE}/events/files\n\na.csv (12 bytes)`);
    const body = outgoingWritePreview(
      write({
        operation: 'deleteEvents',
        method: 'DELETE',
        path: '/events',
        json: Array.from({ length: 20 }, (_, i) => `E-${i}`),
      }),
      target,
    );
    const lines = writeDetail(body.pending, 3, false).split('\n');
    assert.deepEqual(lines, [`DELETE ${BASE}/events`, '', '[', '  "E-0",', '  "E-1",', '… and 19 more lines']);
  });
});
