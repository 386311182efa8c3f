import * as assert from 'node:assert/strict';
import type { Ticket } from '../../../../src/core/api/types';
import { ticketPageSize } from '../../../../src/extension/tickets/ticketPageSize';
import {
  TicketRequestError,
  checkCreateTicket,
  ticketFromInsight,
  ticketTemplate,
} from '../../../../src/extension/tickets/ticketRequest';
import {
  groupByStatus,
  priorityBadge,
  statusThemeColor,
  ticketLabel,
} from '../../../../src/extension/tickets/ticketPresentation';
import { safeFileName } from '../../../../src/extension/tickets/attachmentFileName';

describe('ticket page size', () => {
  it('defaults to 100 and accepts 1..1000', () => {
    assert.equal(ticketPageSize(undefined), 100);
    assert.equal(ticketPageSize(1000), 1000);
    assert.equal(ticketPageSize(1), 1);
  });
  it('refuses sizes above 1000 and non-integers with the setting named', () => {
    assert.throws(
      () => ticketPageSize(1001),
      /buildingTwins\.tickets\.pageSize is 1001, above the service's maximum of 1000 .*nothing was sent/,
    );
    assert.throws(() => ticketPageSize(0), /must be a whole number from 1 to 1000 \(it is 0\)/);
    assert.throws(() => ticketPageSize('50'), /\(it is "50"\)/);
  });
});

describe('create-ticket requests', () => {
  it('builds a template with every reference, absent ones null', () => {
    assert.deepEqual(ticketTemplate({ twinId: 'AHU-1', priorityId: 'p1' }), {
      summary: '',
      description: '',
      twinId: 'AHU-1',
      insightId: null,
      insightName: null,
      categoryId: null,
      jobTypeId: null,
      serviceNeededId: null,
      priorityId: 'p1',
    });
  });

  it('fills a request from an insight', () => {
    const req = ticketFromInsight({
      id: 'i-1',
      scenarioId: null,
      name: 'Fan fault',
      twinId: 'AHU-1',
      description: 'Fault seen',
      recommendation: 'Check belt',
    });
    assert.equal(req.summary, 'Fan fault');
    assert.equal(req.description, 'Fault seen\n\nRecommendation: Check belt');
    assert.equal(req.insightId, 'i-1');
    assert.equal(req.twinId, 'AHU-1');
  });

  it('refuses a template whose summary is still empty', () => {
    assert.throws(
      () => checkCreateTicket(JSON.stringify(ticketTemplate({}))),
      (err: unknown) => {
        assert.ok(err instanceof TicketRequestError);
        assert.deepEqual(err.problems, ['"summary" is required and must be non-empty text.']);
        return true;
      },
    );
  });

  it('lists every fault: types, dates and unknown fields', () => {
    assert.throws(
      () => checkCreateTicket({ summary: 'x', twinId: 5, latitude: 'north', dueDate: 'soon', sumary: 'typo' }),
      (err: unknown) => {
        assert.ok(err instanceof TicketRequestError);
        assert.equal(err.problems.length, 4);
        assert.equal(err.problems[0], '"twinId" must be a string or null.');
        assert.match(err.problems[3], /^Unknown field "sumary"/);
        return true;
      },
    );
    assert.throws(() => checkCreateTicket('{'), /not valid JSON/);
    assert.throws(() => checkCreateTicket('[]'), /one JSON object/);
  });

  it('turns empty reference strings into null', () => {
    assert.deepEqual(checkCreateTicket({ summary: 'x', categoryId: '', twinId: 'AHU-1' }), {
      summary: 'x',
      categoryId: null,
      twinId: 'AHU-1',
    });
  });
});

describe('ticket presentation', () => {
  it('badges each priority level, and unknown levels neutrally', () => {
    assert.deepEqual(priorityBadge('urgent'), { icon: 'flame', color: 'charts.red', label: 'Urgent' });
    assert.equal(priorityBadge('LOW').icon, 'arrow-down');
    assert.equal(priorityBadge('critical').label, 'No priority');
    assert.equal(priorityBadge(undefined).label, 'No priority');
  });

  it('maps status colours, named or hex, onto chart colours by hue; greys get none', () => {
    assert.equal(statusThemeColor('Yellow'), 'charts.yellow');
    assert.equal(statusThemeColor('#e57936'), 'charts.orange');
    assert.equal(statusThemeColor('#417cbf'), 'charts.blue');
    assert.equal(statusThemeColor('#8779e2'), 'charts.purple');
    assert.equal(statusThemeColor('#33ca36'), 'charts.green');
    assert.equal(statusThemeColor('#ff0000'), 'charts.red');
    assert.equal(statusThemeColor('#919191'), undefined);
    assert.equal(statusThemeColor('teal-ish'), undefined);
    assert.equal(statusThemeColor(null), undefined);
  });

  it('groups by status in the service order, unknown statuses last', () => {
    const t = (id: string, statusId: string, name: string): Ticket => ({
      id,
      summary: id,
      description: null,
      ticketStatus: { id: statusId, name },
      ticketPriority: { id: 'p', name: 'P', priorityLevel: 'low' },
    });
    const groups = groupByStatus(
      [t('a', 'closed', 'Closed'), t('b', 'weird', 'Weird'), t('c', 'open', 'Open'), t('d', 'closed', 'Closed')],
      [
        { id: 'open', name: 'Open' },
        { id: 'progress', name: 'In progress' },
        { id: 'closed', name: 'Closed' },
      ],
    );
    assert.deepEqual(
      groups.map((g) => [g.status.name, g.tickets.map((x) => x.id)]),
      [
        ['Open', ['c']],
        ['Closed', ['a', 'd']],
        ['Weird', ['b']],
      ],
    );
    assert.equal(ticketLabel({ ...t('z', 'open', 'Open'), summary: '  ' }), 'Ticket z');
  });
});

describe('attachment file names', () => {
  it('keeps only a safe last segment of the name the service sends', () => {
    assert.equal(safeFileName('report.pdf', 'x'), 'report.pdf');
    assert.equal(safeFileName('../../etc/passwd', 'x'), 'passwd');
    assert.equal(safeFileName('C:\\temp\\a<b>.png', 'x'), 'a_b_.png');
    assert.equal(safeFileName('..', 'fallback'), 'fallback');
    assert.equal(safeFileName(null, 'fallback'), 'fallback');
    const long = safeFileName(`${'a'.repeat(300)}.jpeg`, 'x');
    assert.equal(long.length, 120);
    assert.ok(long.endsWith('.jpeg'));
  });
});
