import type { CapabilityInfo } from './samplePortfolio';
import { SeededRandom } from './seededRandom';

export interface SampleSeries {
  twinId: string;
  externalId?: string;
  connectorId: string;
  /** Epoch milliseconds, ascending. */
  times: Float64Array;
  values: Float64Array;
}

export interface TelemetryOptions {
  seed: number;
  /** End of the series (epoch ms); the last point is at or just before it, on the interval grid. */
  now: number;
  /** Days of 15-minute data for the base sites (scale-generated sites get 24 hourly points). */
  days: number;
  /** Room temperature points that overheat on the last afternoon (the sample's comfort insights point at them). */
  overheatingIds: ReadonlySet<string>;
  /** Points whose data stops 8 hours before the end (the sample's data-quality insights point at them). */
  offlineIds: ReadonlySet<string>;
}

const HOUR = 3_600_000;
const FULL_STEP = 15 * 60_000;

const DAY = 86_400_000;

/** Local time of day in hours. */
function localHour(time: number, utcOffsetHours: number): number {
  const local = time + utcOffsetHours * HOUR;
  return (((local % DAY) + DAY) % DAY) / HOUR;
}

/** Whether the local day is a Saturday or Sunday (1970-01-01 was a Thursday). */
function localWeekend(time: number, utcOffsetHours: number): boolean {
  const weekday = (((Math.floor((time + utcOffsetHours * HOUR) / DAY) + 4) % 7) + 7) % 7;
  return weekday === 0 || weekday === 6;
}

/** Share of a space's capacity present: a working-day curve with a lunch dip. */
function occupancyShare(hour: number, weekend: boolean): number {
  if (hour < 7 || hour >= 19) return 0;
  const day = Math.sin((Math.PI * (hour - 7)) / 12);
  const lunch = 1 - 0.3 * Math.exp(-((hour - 12.75) ** 2) / 0.4);
  return (weekend ? 0.06 : 0.9) * day * lunch;
}

const hvacRunning = (hour: number, weekend: boolean) => !weekend && hour >= 6 && hour < 19;

/** Outdoor air temperature: a daily cycle peaking mid-afternoon, warmer at southern-summer sites. */
function outdoorTemperature(hour: number, utcOffsetHours: number, dayShift: number): number {
  const mean = utcOffsetHours > 6 ? 21 : 9;
  return mean + dayShift + 5 * Math.cos((2 * Math.PI * (hour - 15)) / 24);
}

function seriesValues(
  point: CapabilityInfo,
  times: Float64Array,
  random: SeededRandom,
  overheating: boolean,
): Float64Array {
  const values = new Float64Array(times.length);
  const stepHours = times.length > 1 ? (times[1] - times[0]) / HOUR : 0.25;
  const relax = Math.min(1, 0.35 * stepHours * 4);
  const lastDay = Math.floor(times[times.length - 1] / DAY);
  let shiftDay = Number.NaN;
  let dayShift = 0;
  const busyFactor = random.between(0.75, 1.1);
  let state = Number.NaN;
  for (let i = 0; i < times.length; i++) {
    const hour = localHour(times[i], point.utcOffsetHours);
    const weekend = localWeekend(times[i], point.utcOffsetHours);
    const dayIndex = Math.floor(times[i] / DAY);
    if (dayIndex !== shiftDay) {
      shiftDay = dayIndex;
      dayShift = random.between(-2.5, 2.5);
    }
    const outdoor = outdoorTemperature(hour, point.utcOffsetHours, dayShift);
    const running = hvacRunning(hour, weekend);
    const share = Math.min(1, occupancyShare(hour, weekend) * busyFactor);
    let value: number;
    switch (point.kind) {
      case 'zoneSetpoint':
        value = running ? 22 : 26;
        break;
      case 'roomTemperature': {
        let target = running ? 22 + 0.9 * share : 0.6 * outdoor + 0.4 * 22 + 1.5;
        if (overheating && dayIndex === lastDay && running && hour >= 12) target += 3.5;
        state = Number.isNaN(state) ? target : state + (target - state) * relax;
        value = Math.round((state + 0.12 * random.normal()) * 100) / 100;
        break;
      }
      case 'supplyAirTemperature': {
        const target = running ? 13 : 0.5 * outdoor + 10;
        state = Number.isNaN(state) ? target : state + (target - state) * relax;
        value = Math.round((state + 0.25 * random.normal()) * 100) / 100;
        break;
      }
      case 'chilledWaterTemperature': {
        const target = running ? 6.7 : 12;
        state = Number.isNaN(state) ? target : state + (target - state) * relax * 0.7;
        value = Math.round((state + 0.15 * random.normal()) * 100) / 100;
        break;
      }
      case 'occupancy':
        value = Math.max(0, Math.round(point.capacity * share * random.between(0.8, 1.2)));
        break;
      case 'co2': {
        const target = 420 + 700 * share;
        state = Number.isNaN(state) ? target : state + (target - state) * relax;
        value = Math.round(state + 10 * random.normal());
        break;
      }
      case 'energy': {
        const kilowatts = point.capacity * (0.06 + (running ? 0.3 : 0) * (0.4 + share)) * random.between(0.95, 1.05);
        value = Math.round(kilowatts * stepHours * 1000) / 1000;
        break;
      }
    }
    values[i] = value;
  }
  return values;
}

function gridTimes(end: number, step: number, count: number): Float64Array {
  const last = Math.floor(end / step) * step;
  const times = new Float64Array(count);
  for (let i = 0; i < count; i++) times[i] = last - (count - 1 - i) * step;
  return times;
}

/** Believable telemetry for every capability: daily cycles, setpoints, occupancy, energy. */
export function buildTelemetry(points: readonly CapabilityInfo[], options: TelemetryOptions): SampleSeries[] {
  // Series on the same grid share one (read-only) times array.
  const fullTimes = gridTimes(options.now, FULL_STEP, Math.max(1, Math.round((options.days * 24 * HOUR) / FULL_STEP)));
  const lightTimes = gridTimes(options.now, HOUR, 24);
  return points.map((point) => {
    let times = point.light ? lightTimes : fullTimes;
    const values = seriesValues(
      point,
      times,
      SeededRandom.derive(options.seed, point.twinId),
      options.overheatingIds.has(point.twinId),
    );
    let kept = values;
    if (options.offlineIds.has(point.twinId)) {
      const cutoff = times[times.length - 1] - 8 * HOUR;
      const length = times.findIndex((t) => t > cutoff);
      times = times.slice(0, length);
      kept = values.slice(0, length);
    }
    return { twinId: point.twinId, externalId: point.externalId, connectorId: point.connectorId, times, values: kept };
  });
}
