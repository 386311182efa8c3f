import type { BuildingEvent, DigitalTwin, EventType } from '../../core/api/types';
import { SeededRandom } from './seededRandom';

export const SAMPLE_EVENT_TYPES: readonly EventType[] = [
  { id: 1, name: 'CalendarEvent', description: 'A booking or scheduled gathering in a space.' },
  { id: 2, name: 'WeatherForecast', description: 'Daily weather forecast for a site.' },
  { id: 3, name: 'UtilityBill', description: 'A utility bill for a billing period of a meter.' },
  { id: 4, name: 'MaintenanceWindow', description: 'Planned maintenance during which equipment may be unavailable.' },
];

export interface EventTargets {
  buildings: readonly DigitalTwin[];
  meetingRooms: readonly DigitalTwin[];
  mainMeters: readonly DigitalTwin[];
  plant: readonly DigitalTwin[];
  /** Ids of the spaces containing a twin, outermost first. */
  locationsOf(twinId: string): string[];
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MEETING_TITLES = [
  'Project stand-up',
  'Quarterly review',
  'Design workshop',
  'Vendor briefing',
  'Safety induction',
  'Team planning',
];
const ORGANIZERS = ['Facilities team', 'Finance team', 'Engineering team', 'Workplace team', 'Sustainability team'];
const CONDITIONS = ['sunny', 'partlyCloudy', 'cloudy', 'showers', 'rain'];
const CONTRACTORS = ['Northwind Mechanical', 'Contoso Building Services', 'Fabrikam HVAC'];

/** Events of every sample type around `now`: forecasts, bookings, bills and maintenance windows. */
export function buildEvents(targets: EventTargets, options: { seed: number; now: number }): BuildingEvent[] {
  const random = SeededRandom.derive(options.seed, 'events');
  const today = Math.floor(options.now / DAY) * DAY;
  const events: BuildingEvent[] = [];
  const add = (
    twin: DigitalTwin,
    typeId: number,
    fields: {
      name: string;
      start: number;
      end: number | null;
      source: string;
      externalId: string;
      payload: unknown;
      scalarValue?: number | null;
      description?: string;
    },
  ) => {
    const created = Math.min(options.now, fields.start - Math.floor((random.between(0.5, 10) * DAY) / 60_000) * 60_000);
    events.push({
      id: random.uuid(),
      name: fields.name,
      description: fields.description ?? null,
      startTime: new Date(fields.start).toISOString(),
      endTime: fields.end === null ? null : new Date(fields.end).toISOString(),
      eventTypeId: typeId,
      eventSourceId: fields.source,
      externalId: fields.externalId,
      payload: JSON.stringify(fields.payload),
      payloadVersion: '1.0',
      scalarValue: fields.scalarValue ?? null,
      twinId: twin.id,
      locations: JSON.stringify(targets.locationsOf(twin.id)),
      createdDate: new Date(created).toISOString(),
      lastModifiedDate: new Date(Math.min(options.now, created + random.int(0, 48) * HOUR)).toISOString(),
    });
  };

  for (const building of targets.buildings) {
    const site = String(building.contents?.code ?? building.id);
    const siteName = String(building.contents?.name ?? building.id);
    for (let day = -3; day <= 2; day++) {
      const start = today + day * DAY;
      const low = Math.round(random.between(8, 18));
      const high = low + random.int(4, 10);
      const date = new Date(start).toISOString().slice(0, 10);
      add(building, 2, {
        name: `Weather forecast ${siteName} ${date}`,
        start,
        end: start + DAY,
        source: 'weather-feed',
        externalId: `wx-${site}-${date}`,
        payload: {
          minTemperature: low,
          maxTemperature: high,
          unit: 'degC',
          condition: random.pick(CONDITIONS),
          precipitationProbability: random.int(0, 90),
        },
        scalarValue: high,
      });
    }
  }

  for (let i = 0; i < 20 && targets.meetingRooms.length > 0; i++) {
    const room = random.pick(targets.meetingRooms);
    const start = today + random.int(-3, 2) * DAY + random.int(8, 16) * HOUR + random.pick([0, 30]) * 60_000;
    const title = random.pick(MEETING_TITLES);
    const capacity = Number(room.contents?.capacity ?? 8);
    add(room, 1, {
      name: title,
      start,
      end: start + random.pick([30, 60, 90]) * 60_000,
      source: 'room-booking',
      externalId: `bk-${random.token(8, '0123456789')}`,
      payload: { title, organizer: random.pick(ORGANIZERS), attendees: random.int(2, Math.max(2, capacity)) },
      scalarValue: null,
      description: `Booking of ${String(room.contents?.name ?? room.id)}`,
    });
  }

  for (const meter of targets.mainMeters) {
    const current = new Date(today);
    for (let back = 3; back >= 1; back--) {
      const start = Date.UTC(current.getUTCFullYear(), current.getUTCMonth() - back, 1);
      const end = Date.UTC(current.getUTCFullYear(), current.getUTCMonth() - back + 1, 1);
      const energy = random.int(60_000, 140_000);
      const cost = Math.round(energy * random.between(0.18, 0.26) * 100) / 100;
      const month = new Date(start).toISOString().slice(0, 7);
      add(meter, 3, {
        name: `Electricity bill ${month}`,
        start,
        end,
        source: 'utility-portal',
        externalId: `bill-${meter.id}-${month}`,
        payload: {
          billingPeriodStart: new Date(start).toISOString().slice(0, 10),
          billingPeriodEnd: new Date(end - DAY).toISOString().slice(0, 10),
          energyKWh: energy,
          cost,
          currency: 'USD',
        },
        scalarValue: cost,
      });
    }
  }

  for (const equipment of targets.plant) {
    for (const offsetDays of [-random.int(5, 20), random.int(2, 14)]) {
      const start = today + offsetDays * DAY + 6 * HOUR;
      const workOrder = `WO-${random.int(10000, 99999)}`;
      add(equipment, 4, {
        name: `Planned maintenance ${String(equipment.contents?.name ?? equipment.id)}`,
        start,
        end: start + random.int(2, 6) * HOUR,
        source: 'maintenance-planner',
        externalId: workOrder,
        payload: { workOrder, contractor: random.pick(CONTRACTORS), impact: 'Equipment offline during the window' },
        scalarValue: null,
      });
    }
  }
  return events;
}
