// A `sourceTimestamp` as LiveDataCore binds it: `IncomingTelemetry.SourceTimestamp` is a .NET `DateTime` read by
// System.Text.Json (Willow source: applications/LiveData/LiveDataCore/src/LiveData.Core/Features/TimeSeries/
// Models/IncomingTelemetry.cs, PostTelemetryHandler.cs; the binder is .NET's ISO 8601-1:2019 extended profile).
// It reads `yyyy-MM-dd`, then optionally `THH:mm`, `:ss`, `.` and 1 to 16 fraction digits (7 kept), and `Z` or
// `+hh` / `+hh:mm` (at most ±14:00). The `T` and `Z` are upper-case only; a space, `+hhmm` or `UTC` does not bind,
// and neither does an impossible day or hour. A value without a zone binds with no zone; the emulator reads it as UTC.

const DOTNET_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,16}))?)?(?:(Z)|([+-])(\d{2})(?::(\d{2}))?)?)?$/;

/** Epoch milliseconds of `value` as the service's binder reads it, or undefined when it would not bind. */
export function bindDotnetDateTime(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = DOTNET_DATE_TIME.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((v) => Number(v ?? 0));
  const offsetMinutes = m[9] ? (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11] ?? 0)) : 0;
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  if (Number(m[11] ?? 0) > 59 || Math.abs(offsetMinutes) > 14 * 60) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCMonth() !== month - 1) return undefined; // 30 February and the like
  date.setUTCHours(hour, minute, second, Number((m[7] ?? '').padEnd(3, '0').slice(0, 3)));
  return date.getTime() - offsetMinutes * 60_000;
}
