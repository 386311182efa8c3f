import * as assert from 'node:assert/strict';
import type Ajv from 'ajv';
import type { BuildingTwinsClient } from '../../../../src/core/api/client';
import type { EventType, Ticket } from '../../../../src/core/api/types';
import { createSchemaAjv } from '../../../../src/core/dtdl/twinSchemaValidator';
import type { JsonSchema } from '../../../../src/core/dtdl/twinJsonSchema';
import { recordSchema } from '../../../../src/extension/authoring/recordSchemas';
import { RECORD_SCHEMA_KINDS, type RecordSchemaKind } from '../../../../src/extension/authoring/schemaKinds';
import type { DocumentServices, ResourceCall } from '../../../../src/extension/documents/resourceHandler';
import { eventDocumentHandler } from '../../../../src/extension/events/eventDocumentHandler';
import { eventTemplate } from '../../../../src/extension/events/eventTemplate';
import { validateEvents } from '../../../../src/extension/events/eventValidation';
import { ticketDocumentHandler } from '../../../../src/extension/tickets/ticketDocumentHandler';
import { checkCreateTicket, ticketTemplate } from '../../../../src/extension/tickets/ticketRequest';
import type { TicketVocabulary } from '../../../../src/extension/tickets/ticketSchemas';
import { loadTicketVocabulary } from '../../../../src/extension/tickets/ticketVocabulary';
import { EmulatorHarness } from '../../api/emulatorHarness';

// The schemas served for event and ticket documents and drafts, built the way the schema provider builds them
// (recordSchema with the service's lists), checked with ajv against what the emulator serves and what the
// extension's own templates produce, and against the mistakes they must show while typing.

const eventTypes = { of: (_connection: string, client: BuildingTwinsClient) => client.listEventTypes() };
const ctx = {} as DocumentServices;
const call = (client: BuildingTwinsClient, kind: string, id: string): ResourceCall => ({
  services: ctx,
  client,
  ref: { connection: 'test', kind, ids: [id] },
});

describe('event and ticket JSON Schemas', function () {
  this.timeout(30_000);
  let emu: EmulatorHarness;
  let client: BuildingTwinsClient;
  let ajv: Ajv;
  let types: EventType[];
  let vocabulary: TicketVocabulary;
  const schemas = new Map<RecordSchemaKind, JsonSchema>();

  /** The instance paths ajv reports for `value` against the served schema of `kind` ([] when valid). */
  const errors = (kind: RecordSchemaKind, value: unknown): string[] => {
    const validate = ajv.compile(schemas.get(kind)!);
    return validate(value)
      ? []
      : [...new Set((validate.errors ?? []).filter((e) => e.keyword !== 'if').map((e) => e.instancePath))];
  };

  before(async () => {
    emu = await EmulatorHarness.start();
    client = emu.client().client;
    ajv = createSchemaAjv();
    types = await client.listEventTypes();
    vocabulary = await loadTicketVocabulary(client);
    for (const kind of RECORD_SCHEMA_KINDS)
      schemas.set(
        kind,
        await recordSchema(kind, { eventTypes: async () => types, ticketVocabulary: async () => vocabulary }),
      );
  });
  after(() => emu?.close());

  it('name the ids of the live lists as enums, with their names for hovers', () => {
    assert.ok(vocabulary.statuses.length > 1 && vocabulary.priorities.length > 1 && vocabulary.categories.length > 0);
    const ticket = schemas.get('ticket') as {
      properties: Record<string, { properties: { id: { enum: string[]; enumDescriptions: string[] } } }>;
    };
    assert.deepEqual(
      ticket.properties.ticketStatus.properties.id.enum,
      vocabulary.statuses.map((s) => s.id),
    );
    assert.deepEqual(
      ticket.properties.ticketStatus.properties.id.enumDescriptions,
      vocabulary.statuses.map((s) => s.name),
    );
    const events = schemas.get('events') as {
      else: { properties: { eventTypeId: { anyOf: Array<{ enum: unknown[] }> } } };
    };
    assert.deepEqual(
      events.else.properties.eventTypeId.anyOf.map((a) => a.enum),
      [types.map((t) => t.id), types.map((t) => t.name)],
    );
  });

  it('accept every ticket document the service serves', async () => {
    const tickets = (await client.listTickets({ page: 1, pageSize: 100 })).items;
    assert.ok(tickets.length > 5);
    for (const ticket of tickets) {
      const doc = await ticketDocumentHandler.read(call(client, 'tickets', ticket.id));
      assert.deepEqual(errors('ticket', doc.value), [], `ticket ${ticket.id}`);
    }
  });

  it('show a ticket document edited to an unknown status, priority or category, or an empty summary', async () => {
    const [ticket] = (await client.listTickets({ page: 1, pageSize: 1 })).items;
    const doc = (await ticketDocumentHandler.read(call(client, 'tickets', ticket.id))).value as Ticket;
    const edited = {
      ...doc,
      summary: ' ',
      ticketStatus: { ...doc.ticketStatus, id: 'no-such-status' },
      ticketPriority: { id: vocabulary.priorities[1].id },
      category: { id: 'nope' },
    };
    assert.deepEqual(errors('ticket', edited).sort(), ['/category', '/category/id', '/summary', '/ticketStatus/id']);
    assert.deepEqual(
      errors('ticket', {
        ...doc,
        ticketStatus: { ...doc.ticketStatus, id: vocabulary.statuses[1].id },
        category: null,
      }),
      [],
    );
  });

  it('accept the "Create Ticket" template once its summary is filled, and what checkCreateTicket accepts', () => {
    const template = ticketTemplate({
      categoryId: vocabulary.categories[0].id,
      jobTypeId: vocabulary.jobTypes[0].id,
      priorityId: vocabulary.priorities[0].id,
    });
    assert.deepEqual(errors('ticket-request', template), ['/summary'], 'an empty summary shows while typing');
    const filled = {
      ...template,
      summary: 'Filter clogged',
      statusId: vocabulary.statuses[0].id,
      serviceNeededId: '',
      dueDate: '2024-10-01T12:00:00Z',
    };
    assert.doesNotThrow(() => checkCreateTicket(filled));
    assert.deepEqual(errors('ticket-request', filled), []);
    const wrong = { ...filled, priorityId: 'urgent', summry: 'typo', latitude: '51.5' };
    assert.throws(() => checkCreateTicket(wrong), /Unknown field "summry"/);
    assert.deepEqual(errors('ticket-request', wrong).sort(), ['', '/latitude', '/priorityId']);
  });

  it('accept a ticket patch of replace operations with known ids, and show the rest', () => {
    const ok = [
      { op: 'replace', path: '/statusId', value: vocabulary.statuses[1].id },
      { op: 'replace', path: '/categoryId', value: null },
      { op: 'replace', path: '/notes', value: 'Called the contractor' },
      { op: 'replace', path: '/dueDate', value: null },
    ];
    assert.deepEqual(errors('ticket-patch', ok), []);
    const bad = [
      { op: 'add', path: '/notes', value: 'x' },
      { op: 'replace', path: '/twinId', value: 'AHU-1' },
      { op: 'replace', path: '/statusId', value: 'no-such-status' },
      { op: 'replace', path: '/priorityId', value: null },
      { op: 'replace', path: '/summary', value: '' },
      { op: 'replace', path: '/notes' },
    ];
    assert.deepEqual(
      errors('ticket-patch', bad).sort(),
      ['/0/op', '/1/path', '/2/value', '/3/value', '/4/value', '/5'].sort(),
    );
    assert.deepEqual(errors('ticket-patch', []), ['']);
  });

  it('accept every event document as it reads (type name, payload as JSON), and show an unknown type or a payload neither JSON nor text', async () => {
    const events = (await client.listEvents({ page: 1, pageSize: 50 })).items;
    assert.ok(events.length > 3);
    for (const event of events) {
      const doc = await eventDocumentHandler(eventTypes).read(call(client, 'events', event.id!));
      assert.deepEqual(errors('event', JSON.parse(doc.text)), [], `event ${event.id}`);
    }
    const doc = JSON.parse(
      (await eventDocumentHandler(eventTypes).read(call(client, 'events', events[0].id!))).text,
    ) as Record<string, unknown>;
    assert.deepEqual(errors('event', { ...doc, payload: { temperature: 21 } }), [], 'a payload shown as JSON');
    assert.deepEqual(errors('event', { ...doc, eventTypeId: 999, payload: 42, startTime: 'yesterday' }).sort(), [
      '/eventTypeId',
      '/payload',
      '/startTime',
    ]);
  });

  it('accept the events template once its twin is filled, by type number or name, as validateEvents does', () => {
    const type = types[0];
    const template = JSON.parse(eventTemplate(type)) as Array<Record<string, unknown>>;
    assert.deepEqual(errors('events', template), ['/0/twinId'], 'the empty twinId shows while typing');
    const filled = [
      { ...template[0], twinId: 'AHU-1' },
      { ...template[0], twinId: 'AHU-2', eventTypeId: type.name },
    ];
    assert.deepEqual(validateEvents(filled, types).problems, []);
    assert.deepEqual(errors('events', filled), []);
    assert.deepEqual(errors('events', filled[0]), [], 'one event without the array');
    const cases: Array<Record<string, unknown>> = [
      { ...filled[0], eventTypeId: 'NoSuchType' },
      { ...filled[0], payload: { a: 1 } },
      { ...filled[0], name: '' },
      { ...filled[0], endTime: 'soon' },
    ];
    for (const item of cases) {
      assert.ok(validateEvents(item, types).problems.length > 0, JSON.stringify(item));
      assert.ok(errors('events', [item]).length > 0, JSON.stringify(item));
    }
    assert.deepEqual(errors('events', [{ ...filled[0], twinID: 'x' }]), ['/0'], 'a misspelt key shows in a draft');
    assert.deepEqual(errors('events', []), [''], 'an empty array');
  });
});
