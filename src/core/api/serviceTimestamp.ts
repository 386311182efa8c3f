// Telemetry timestamps in the one form the service binds. LiveDataCore binds `sourceTimestamp` as a .NET
// `DateTime` with System.Text.Json, which reads only ISO 8601 extended form: `T` between date and time,
// upper-case `T` and `Z`, offsets `+hh:mm` (Willow source: applications/LiveData/LiveDataCore/src/LiveData.Core/
// Features/TimeSeries/Models/IncomingTelemetry.cs, PostTelemetryHandler.cs). Anything else fails the binding of
// the whole batch with a bodiless 400. So the client rewrites every unambiguous form (a space or `t` as the
// separator, `z`, `UTC`/`GMT`, `+hhmm`, `+hh`, a comma before the fraction, no seconds) into that form, and
// refuses what it cannot place in time (no time zone: the service would read it in no zone at all) or what
// names no real instant.

/** Fraction digits a .NET `DateTime` keeps (100 ns ticks); more are dropped, as the service drops them. */
const DOTNET_FRACTION_DIGITS = 7;
/** The largest offset .NET takes (±14:00). */
const MAX_OFFSET_MINUTES = 14 * 60;

const LENIENT_ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt]| +)(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)? ?(?:([Zz]|UTC|GMT)|([+-])(\d{2})(?::?(\d{2}))?)?$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export type ServiceTimestamp = { timestamp: string } | { problem: string };

/**
 * `text` in ISO 8601 extended form (`2024-05-01T10:00:00Z`, `2024-05-01T10:00:00.5+10:00`), or why it cannot be
 * written so. The instant and the offset are kept as written.
 */
export function toServiceTimestamp(text: string): ServiceTimestamp {
  const trimmed = text.trim();
  if (DATE_ONLY.test(trimmed))
    return { problem: `${JSON.stringify(text)} has no time of day and no time zone (write e.g. ${trimmed}T00:00:00Z)` };
  const m = LENIENT_ISO.exec(trimmed);
  if (!m)
    return {
      problem: `${JSON.stringify(text)} is not an ISO 8601 date-time (write e.g. 2024-05-01T10:00:00Z or 2024-05-01T10:00:00+10:00)`,
    };
  const [, year, month, day, hour, minute, second = '00', fraction, utc, sign, offsetHours, offsetMinutes = '00'] = m;
  if (!utc && !sign)
    return {
      problem: `${JSON.stringify(text)} has no time zone, so the service would not know which instant it is (add Z for UTC or an offset such as +10:00)`,
    };
  if (!isRealDateTime(Number(year), Number(month), Number(day), Number(hour), Number(minute), Number(second)))
    return { problem: `${JSON.stringify(text)} is not a real date and time of day` };
  const offset = Number(offsetHours ?? 0) * 60 + Number(offsetMinutes);
  if (Number(offsetMinutes) > 59 || offset > MAX_OFFSET_MINUTES)
    return { problem: `${JSON.stringify(text)} has an offset beyond ±14:00` };
  const zone = utc ? 'Z' : `${sign}${offsetHours}:${offsetMinutes}`;
  const fractionPart = fraction ? `.${fraction.slice(0, DOTNET_FRACTION_DIGITS)}` : '';
  return { timestamp: `${year}-${month}-${day}T${hour}:${minute}:${second}${fractionPart}${zone}` };
}

function isRealDateTime(year: number, month: number, day: number, hour: number, minute: number, second: number) {
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return day <= days;
}
