import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  TICKET_UPDATABLE_PROPERTIES,
  type Ticket,
  type TicketMetadataItem,
  type TicketPriority,
  type TicketStatus,
} from '../../../src/core/api/types';
import { buildSample } from '../../../src/emulator/sample/sampleBuilding';
import { assertProblem } from './emulatorProblems';
import { EmulatorTestClient } from './emulatorTestClient';

const UNKNOWN_TICKET = '0d2c7a9e-0000-4000-8000-00000000beef';

describe('emulator tickets routes', () => {
  let client: EmulatorTestClient;
  let statuses: TicketStatus[];
  let priorities: TicketPriority[];
  const sample = buildSample({ now: '2026-11-26T10:00:00Z' });
  const insight = sample.insights.find((i) => i.scenarioId === null && (i.ticketIds ?? []).length === 0)!;
  const create = (body: unknown) => client.call('PUT', '/tickets', body);
  const get = async (id: string) => (await client.call('GET', `/tickets/${id}`)).json as Ticket;
  const patch = (id: string, ops: unknown) => client.call('PATCH', `/tickets/${id}`, ops);

  before(async () => {
    client = await EmulatorTestClient.start();
    statuses = (await client.call('GET', '/tickets/status')).json;
    priorities = (await client.call('GET', '/tickets/priorities')).json;
  });
  after(() => client.close());

  it('lists the read-only statuses and priorities', () => {
    assert.deepEqual(
      statuses.map((s) => s.name),
      ['Open', 'In Progress', 'On Hold', 'Resolved', 'Closed'],
    );
    assert.ok(statuses.every((s) => s.tab && s.color));
    assert.deepEqual(
      priorities.map((p) => p.priorityLevel),
      ['urgent', 'high', 'medium', 'low'],
    );
  });

  it('answers 405 to any write on statuses and priorities', async () => {
    for (const path of ['/tickets/status', '/tickets/priorities']) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const res = await client.call(method, path, method === 'DELETE' ? undefined : { name: 'x' });
        assertProblem(res, 405);
        assert.equal(res.headers.get('allow'), 'GET', `${method} ${path}`);
      }
    }
    assertProblem(await client.call('GET', '/tickets/categories'), 405);
  });

  it('creates a ticket with default status and priority, linking the insight', async () => {
    const res = await create({
      summary: 'Check the VAV',
      twinId: 'HP-L03-VAV1',
      insightId: insight.id,
      description: 'Damper noise',
    });
    assert.equal(res.status, 200, res.text);
    const ticket = res.json as Ticket;
    assert.match(ticket.id, /^[0-9a-f-]{36}$/);
    assert.equal(ticket.ticketStatus.name, 'Open');
    assert.equal(ticket.ticketPriority.priorityLevel, 'medium');
    assert.equal(ticket.insightName, insight.name);
    assert.equal(ticket.createdDate, ticket.updatedDate);
    assert.deepEqual(await get(ticket.id), ticket);
    const linked = (await client.call('GET', `/insights/${insight.id}`)).json;
    assert.ok(linked.ticketIds.includes(ticket.id));
  });

  it('validates references and required fields on create, creating nothing (400 naming the field)', async () => {
    const before = (await client.call('POST', '/tickets', {})).json.total;
    assertProblem(await create({ description: 'no summary' }), 400, 'summary');
    assertProblem(await create({ summary: 'x', statusId: 'nope' }), 400, 'statusId');
    assertProblem(await create({ summary: 'x', priorityId: 'nope' }), 400, 'priorityId');
    assertProblem(await create({ summary: 'x', categoryId: 'nope' }), 400, 'categoryId');
    assertProblem(await create({ summary: 'x', jobTypeId: 'nope' }), 400, 'jobTypeId');
    assertProblem(await create({ summary: 'x', serviceNeededId: 'nope' }), 400, 'serviceNeededId');
    assertProblem(await create({ summary: 'x', twinId: 'no-such-twin' }), 400, 'twinId');
    assertProblem(await create({ summary: 'x', insightId: 'no-such-insight' }), 400, 'insightId');
    assertProblem(await create({ summary: 'x', latitude: 91 }), 400, 'latitude');
    assertProblem(await create({ summary: 'x', dueDate: 'soon' }), 400, 'dueDate');
    assertProblem(await create(['x']), 400, '$');
    assert.equal((await client.call('POST', '/tickets', {})).json.total, before);
  });

  it('pages tickets 100 at a time by default, at most 1000', async () => {
    const existing = (await client.call('POST', '/tickets', {})).json.total as number;
    for (let i = existing; i < 105; i++) assert.equal((await create({ summary: `Bulk ticket ${i}` })).status, 200);
    const first = (await client.call('POST', '/tickets', {})).json;
    assert.deepEqual(
      { count: first.items.length, before: first.before, after: first.after, total: first.total },
      { count: 100, before: 0, after: 5, total: 105 },
    );
    assert.equal((await client.call('POST', '/tickets', { pageSize: 1000 })).json.items.length, 105);
    assertProblem(await client.call('POST', '/tickets', { pageSize: 1001 }), 400, 'pageSize');
    const open = await client.call('POST', '/tickets', {
      pageSize: 1000,
      filterSpecifications: [{ field: 'ticketStatus.name', operator: '=', value: 'open' }],
    });
    assert.ok(open.json.items.length > 0 && open.json.items.every((t: Ticket) => t.ticketStatus.name === 'Open'));
  });

  it('patches with replace operations on updatable properties and stamps updatedDate', async () => {
    const ticket = (await create({ summary: 'Patch me' })).json as Ticket;
    const closed = statuses.find((s) => s.name === 'Closed')!;
    const res = await patch(ticket.id, [
      { op: 'replace', path: '/summary', value: 'Patched' },
      { op: 'replace', path: '/statusId', value: closed.id },
      { op: 'replace', path: '/notes', value: 'Done' },
      { op: 'replace', path: '/dueDate', value: '2026-12-01' },
    ]);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.summary, 'Patched');
    assert.equal(res.json.ticketStatus.id, closed.id);
    assert.equal(res.json.notes, 'Done');
    assert.equal(res.json.dueDate, '2026-12-01T00:00:00.000Z');
    assert.ok(Date.parse(res.json.updatedDate) > Date.parse(ticket.updatedDate!));
    assert.deepEqual(await get(ticket.id), res.json);
    const all = TICKET_UPDATABLE_PROPERTIES.map((p) => ({
      op: 'replace',
      path: `/${p}`,
      value:
        p === 'statusId'
          ? closed.id
          : p === 'priorityId'
            ? priorities[0].id
            : p.endsWith('Id') || p === 'dueDate'
              ? null
              : `new ${p}`,
    }));
    assert.equal((await patch(ticket.id, all)).status, 200, 'as many operations as updatable properties is allowed');
  });

  it('rejects non-replace operations, unknown paths and too many operations; nothing changes', async () => {
    const ticket = (await create({ summary: 'Keep me' })).json as Ticket;
    const rejected = async (ops: unknown, field: string) => {
      assertProblem(await patch(ticket.id, ops), 400, field);
      assert.deepEqual(await get(ticket.id), ticket);
    };
    await rejected(
      [
        { op: 'replace', path: '/summary', value: 'changed' },
        { op: 'add', path: '/notes', value: 'x' },
      ],
      '[1].op',
    );
    await rejected([{ op: 'remove', path: '/notes' }], '[0].op');
    await rejected([{ op: 'replace', path: '/id', value: 'other' }], '[0].path');
    await rejected(
      [
        { op: 'replace', path: '/summary', value: 'changed' },
        { op: 'replace', path: '/statusId', value: 'nope' },
      ],
      '[1].value',
    );
    await rejected([{ op: 'replace', path: '/summary', value: '' }], '[0].value');
    const tooMany = Array.from({ length: TICKET_UPDATABLE_PROPERTIES.length + 1 }, () => ({
      op: 'replace',
      path: '/summary',
      value: 'changed',
    }));
    await rejected(tooMany, '$');
    await rejected({ op: 'replace', path: '/summary', value: 'changed' }, '$');
    assertProblem(await patch('no-such-ticket', [{ op: 'replace', path: '/summary', value: 'x' }]), 400, 'ticketId');
    assertProblem(await patch(UNKNOWN_TICKET, [{ op: 'replace', path: '/summary', value: 'x' }]), 404);
  });

  it('answers 404 ProblemDetails for unknown tickets and attachments, 400 for a ticket id that is no GUID (a Guid route value)', async () => {
    assertProblem(await client.call('GET', `/tickets/${UNKNOWN_TICKET}`), 404);
    const invalid = await client.call('GET', '/tickets/no-such-ticket');
    assertProblem(invalid, 400, 'ticketId');
    assert.deepEqual(invalid.json.errors, { ticketId: ["The value 'no-such-ticket' is not valid."] });
    const withAttachment = sample.tickets.find((t) => (t.attachments ?? []).length > 0)!;
    assert.equal(
      (await client.call('GET', `/tickets/${withAttachment.id.toUpperCase()}`)).status,
      200,
      'any form .NET parses',
    );
    assertProblem(await client.call('GET', `/tickets/${withAttachment.id}/attachments/nope`), 404);
    assertProblem(
      await client.call('GET', `/tickets/${UNKNOWN_TICKET}/attachments/${withAttachment.attachments![0].id}`),
      404,
    );
    assertProblem(await client.call('GET', '/tickets/status/attachments/x'), 400, 'ticketId');
  });

  it('serves attachment bytes with their content type and file name', async () => {
    const png = sample.attachments.find((a) => a.attachment.contentType === 'image/png')!;
    const res = await fetch(`${client.url}/tickets/${png.ticketId}/attachments/${png.attachment.id}`, {
      headers: { authorization: `Bearer ${await client.accessToken()}` },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
    assert.match(res.headers.get('content-disposition') ?? '', /attachment; filename="thermal-image\.png"/);
    assert.deepEqual(new Uint8Array(await res.arrayBuffer()), png.content);
  });

  for (const kind of ['categories', 'job-types', 'service-needed']) {
    it(`manages ${kind}: BatchRequest list, create, rename, duplicate names are 409`, async () => {
      const listed = await client.call('POST', `/tickets/${kind}`, {});
      assert.equal(listed.status, 200);
      const names = listed.json.items.map((i: TicketMetadataItem) => i.name);
      assert.ok(names.length > 0);
      assert.deepEqual(
        names,
        [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
      );
      const created = await client.call('PUT', `/tickets/${kind}`, { name: `  New ${kind}  ` });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.name, `New ${kind}`);
      assertProblem(await client.call('PUT', `/tickets/${kind}`, { name: `new ${kind.toUpperCase()}` }), 409);
      assertProblem(await client.call('PUT', `/tickets/${kind}`, { name: '' }), 400, 'name');
      const renamed = await client.call('PATCH', `/tickets/${kind}/${created.json.id}`, [
        { op: 'replace', path: '/name', value: `Renamed ${kind}` },
      ]);
      assert.deepEqual(renamed.json, { id: created.json.id, name: `Renamed ${kind}` });
      const plain = await client.call('PATCH', `/tickets/${kind}/${created.json.id}`, { name: `Plain ${kind}` });
      assert.equal(plain.json.name, `Plain ${kind}`);
      assertProblem(await client.call('PATCH', `/tickets/${kind}/${created.json.id}`, { name: names[0] }), 409);
      assertProblem(
        await client.call('PATCH', `/tickets/${kind}/${created.json.id}`, [{ op: 'add', path: '/name', value: 'x' }]),
        400,
        '[0].op',
      );
      assertProblem(await client.call('PATCH', `/tickets/${kind}/no-such-id`, { name: 'x' }), 404);
      const filtered = await client.call('POST', `/tickets/${kind}`, {
        filterSpecifications: [{ field: 'name', operator: 'startsWith', value: 'plain' }],
      });
      assert.deepEqual(filtered.json.items, [{ id: created.json.id, name: `Plain ${kind}` }]);
    });
  }

  it('shows a renamed category on the tickets that use it', async () => {
    const ticket = sample.tickets[0];
    await client.call('PATCH', `/tickets/categories/${ticket.category!.id}`, {
      name: 'Heating, ventilation and air conditioning',
    });
    assert.equal((await get(ticket.id)).category!.name, 'Heating, ventilation and air conditioning');
  });

  it('keeps ticket, metadata and event writes in the data folder across restarts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emulator-operations-'));
    try {
      let run = await EmulatorTestClient.start({ data: dir });
      const ticket = (await run.call('PUT', '/tickets', { summary: 'Persist me' })).json as Ticket;
      await run.call('PATCH', `/tickets/${ticket.id}`, [{ op: 'replace', path: '/notes', value: 'kept' }]);
      const category = (await run.call('PUT', '/tickets/categories', { name: 'Persisted category' }))
        .json as TicketMetadataItem;
      const events = await run.call('PUT', '/events', [
        {
          name: 'Kept',
          startTime: '2026-01-01T00:00:00Z',
          eventTypeId: 1,
          payload: '{}',
          payloadVersion: '1',
          twinId: 'BLD-HP',
          externalId: 'kept-1',
          eventSourceId: 'tests',
        },
      ]);
      assert.equal(events.status, 200, events.text);
      await run.close();
      run = await EmulatorTestClient.start({ data: dir });
      try {
        assert.equal((await run.call('GET', `/tickets/${ticket.id}`)).json.notes, 'kept');
        const categories = (await run.call('POST', '/tickets/categories', { pageSize: 1000 })).json
          .items as TicketMetadataItem[];
        assert.ok(categories.some((c) => c.id === category.id));
        const kept = await run.call('POST', '/events', {
          filterSpecifications: [{ field: 'externalId', operator: '=', value: 'kept-1' }],
        });
        assert.equal(kept.json.total, 1);
      } finally {
        await run.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has statuses and priorities even without the sample building', async () => {
    const bare = await EmulatorTestClient.start({ sample: false });
    try {
      assert.equal((await bare.call('GET', '/tickets/status')).json.length, 5);
      const res = await bare.call('PUT', '/tickets', { summary: 'First ticket' });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.ticketStatus.name, 'Open');
      assert.deepEqual((await bare.call('POST', '/tickets/categories', {})).json, {
        before: 0,
        after: 0,
        total: 0,
        items: [],
      });
      assert.equal((await bare.call('GET', '/events/types')).json.length, 4);
    } finally {
      await bare.close();
    }
  });
});
