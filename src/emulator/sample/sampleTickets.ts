import type {
  DigitalTwin,
  Insight,
  Ticket,
  TicketAttachment,
  TicketMetadataItem,
  TicketPriority,
  TicketStatus,
} from '../../core/api/types';
import { heatmapPng } from './heatmapPng';
import { SeededRandom } from './seededRandom';

export interface SampleAttachment {
  ticketId: string;
  attachment: TicketAttachment;
  content: Uint8Array;
}

export interface TicketSample {
  statuses: TicketStatus[];
  priorities: TicketPriority[];
  categories: TicketMetadataItem[];
  jobTypes: TicketMetadataItem[];
  servicesNeeded: TicketMetadataItem[];
  tickets: Ticket[];
  attachments: SampleAttachment[];
}

export interface TicketTargets {
  insights: Insight[];
  twins: readonly DigitalTwin[];
  /** The building a twin belongs to (for the ticket's latitude/longitude). */
  buildingOf(twinId: string): DigitalTwin | undefined;
}

const DAY = 86_400_000;
const STATUS_SPECS: Array<[string, string, string]> = [
  ['Open', 'Open', '#e57936'],
  ['In Progress', 'Open', '#417cbf'],
  ['On Hold', 'Open', '#8779e2'],
  ['Resolved', 'Resolved', '#33ca36'],
  ['Closed', 'Closed', '#919191'],
];
const PRIORITY_SPECS: Array<[string, TicketPriority['priorityLevel']]> = [
  ['Urgent', 'urgent'],
  ['High', 'high'],
  ['Medium', 'medium'],
  ['Low', 'low'],
];
const CATEGORIES = ['HVAC', 'Electrical', 'Plumbing', 'Fire and safety', 'Cleaning', 'Access control'];
const JOB_TYPES = ['Reactive', 'Preventive maintenance', 'Inspection', 'Project work'];
const SERVICES = [
  'Air conditioning repair',
  'Filter replacement',
  'Electrical fault finding',
  'Sensor replacement',
  'Controls tuning',
  'Leak repair',
];
const ASSIGNEES = ['HVAC contractor', 'Facilities team', 'Electrical contractor', 'Controls specialist'];

interface TicketSpec {
  summary: string;
  description: string;
  category: string;
  jobType: string;
  service: string;
  cause?: string;
  solution?: string;
}
const STANDALONE: TicketSpec[] = [
  {
    summary: 'Leaking tap in kitchen',
    description: 'The cold tap keeps dripping after it is closed.',
    category: 'Plumbing',
    jobType: 'Reactive',
    service: 'Leak repair',
  },
  {
    summary: 'Lights flickering in open office',
    description: 'Several ceiling panels flicker in the afternoon.',
    category: 'Electrical',
    jobType: 'Reactive',
    service: 'Electrical fault finding',
  },
  {
    summary: 'Too cold near the windows',
    description: 'Occupants report cold draughts along the perimeter.',
    category: 'HVAC',
    jobType: 'Reactive',
    service: 'Controls tuning',
  },
  {
    summary: 'Replace AHU filters',
    description: 'Quarterly filter replacement of the air handling unit.',
    category: 'HVAC',
    jobType: 'Preventive maintenance',
    service: 'Filter replacement',
  },
  {
    summary: 'Quarterly fire door inspection',
    description: 'Inspect every fire door closer and seal.',
    category: 'Fire and safety',
    jobType: 'Inspection',
    service: 'Controls tuning',
  },
  {
    summary: 'Door access reader not responding',
    description: 'The reader at the level entrance rejects valid cards.',
    category: 'Access control',
    jobType: 'Reactive',
    service: 'Electrical fault finding',
  },
  {
    summary: 'Replace faulty CO2 sensor',
    description: 'The sensor reads 400 ppm constantly.',
    category: 'HVAC',
    jobType: 'Reactive',
    service: 'Sensor replacement',
    cause: 'Sensor element failed.',
    solution: 'Sensor replaced and commissioned.',
  },
];

/** The read-only status and priority lists (the emulator also uses them when started without the sample). */
export function buildTicketLists(seed: number): { statuses: TicketStatus[]; priorities: TicketPriority[] } {
  const random = SeededRandom.derive(seed, 'ticketLists');
  return {
    statuses: STATUS_SPECS.map(([name, tab, color]) => ({ id: random.uuid(), name, tab, color })),
    priorities: PRIORITY_SPECS.map(([name, priorityLevel]) => ({ id: random.uuid(), name, priorityLevel })),
  };
}

/** Ticket metadata, tickets (some raised from insights, whose `ticketIds` are filled in) and attachments. */
export function buildTickets(targets: TicketTargets, options: { seed: number; now: number }): TicketSample {
  const random = SeededRandom.derive(options.seed, 'tickets');
  const { statuses, priorities } = buildTicketLists(options.seed);
  const item = (name: string): TicketMetadataItem => ({ id: random.uuid(), name });
  const categories = CATEGORIES.map(item);
  const jobTypes = JOB_TYPES.map(item);
  const servicesNeeded = SERVICES.map(item);
  const byName = (list: TicketMetadataItem[], name: string) => list.find((m) => m.name === name) ?? list[0];

  const tickets: Ticket[] = [];
  const make = (spec: TicketSpec, twin: DigitalTwin | undefined, insight: Insight | undefined): Ticket => {
    const status = random.pick(statuses);
    const created = options.now - Math.floor((random.between(0.5, 25) * DAY) / 60_000) * 60_000;
    const geo = twin
      ? (targets.buildingOf(twin.id)?.contents?.geoLocation as { latitude?: number; longitude?: number } | undefined)
      : undefined;
    const closed = status.tab !== 'Open';
    const ticket: Ticket = {
      id: random.uuid(),
      summary: spec.summary,
      description: spec.description,
      cause: spec.cause ?? (closed ? 'Confirmed on site.' : null),
      solution: spec.solution ?? (closed ? 'Fixed and verified with the occupants.' : null),
      notes: null,
      twinId: twin?.id ?? null,
      insightId: insight?.id ?? null,
      insightName: insight?.name ?? null,
      latitude: geo?.latitude ?? null,
      longitude: geo?.longitude ?? null,
      ticketStatus: status,
      ticketPriority: random.pick(priorities),
      category: byName(categories, spec.category),
      jobType: byName(jobTypes, spec.jobType),
      serviceNeeded: byName(servicesNeeded, spec.service),
      assigneeName: random.pick(ASSIGNEES),
      dueDate: new Date(created + random.int(2, 21) * DAY).toISOString(),
      externalId: `CMMS-${random.int(10000, 99999)}`,
      createdDate: new Date(created).toISOString(),
      updatedDate: new Date(Math.min(options.now, created + random.int(1, 72) * 3_600_000)).toISOString(),
      attachments: [],
    };
    tickets.push(ticket);
    return ticket;
  };

  // Tickets raised from the first insights of several kinds; the insights list them in `ticketIds`.
  const roots = targets.insights.filter((i) => i.scenarioId === null).slice(0, 5);
  for (const insight of roots) {
    const twin = targets.twins.find((t) => t.id === insight.twinId);
    const ticket = make(
      {
        summary: `Investigate: ${insight.name ?? 'insight'}`,
        description: insight.description ?? '',
        category: 'HVAC',
        jobType: 'Reactive',
        service: insight.type === 'dataQuality' ? 'Sensor replacement' : 'Air conditioning repair',
      },
      twin,
      insight,
    );
    insight.ticketIds = [...(insight.ticketIds ?? []), ticket.id];
  }
  for (const spec of STANDALONE) make(spec, random.pick(targets.twins), undefined);

  const attachments: SampleAttachment[] = [];
  const attach = (ticket: Ticket, fileName: string, contentType: string, content: Uint8Array) => {
    const attachment: TicketAttachment = {
      id: random.uuid(),
      fileName,
      contentType,
      size: content.length,
      createdDate: ticket.createdDate,
    };
    ticket.attachments = [...(ticket.attachments ?? []), attachment];
    attachments.push({ ticketId: ticket.id, attachment, content });
  };
  attach(tickets[0], 'thermal-image.png', 'image/png', heatmapPng());
  attach(
    tickets[0],
    'inspection-notes.txt',
    'text/plain; charset=utf-8',
    new TextEncoder().encode(
      `Inspection notes for "${tickets[0].summary}"\n\n- Zone temperature confirmed above setpoint in the afternoon.\n- VAV damper found at 100 % open; actuator replaced.\n`,
    ),
  );
  attach(
    tickets[tickets.length - 1],
    'sensor-datasheet.txt',
    'text/plain; charset=utf-8',
    new TextEncoder().encode('CO2 sensor: NDIR, 0-5000 ppm, accuracy 30 ppm + 3 % of reading.\n'),
  );
  return { statuses, priorities, categories, jobTypes, servicesNeeded, tickets, attachments };
}
