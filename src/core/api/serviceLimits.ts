// The service's numbers, in one place for the client, the emulator and the extension: page sizes of each
// list, the time-series defaults, the look-back of `latest`. Where the docs state a number it is theirs;
// the rest are the emulator's documented choices (docs/service-compatibility.md).

/** Default and largest page size of each paged list. */
export const PAGE_SIZES = {
  /** POST /twins: 1..1000 (docs); 100 when none is sent (chosen). */
  twins: { default: 100, max: 1000 },
  /** POST /insights: 10 by default (docs). */
  insights: { default: 10, max: 1000 },
  /** POST /tickets: 100 by default, at most 1000 (docs). */
  tickets: { default: 100, max: 1000 },
  /** POST /events: not documented; like tickets. */
  events: { default: 100, max: 1000 },
  /** POST /tickets/{categories|job-types|service-needed}: not documented; like tickets. */
  ticketMetadata: { default: 100, max: 1000 },
  /** GET /time-series/{id}, POST /time-series/ids: required by the service, no stated default or ceiling. */
  timeSeries: { default: 1000, max: 10_000 },
} as const;

/** How far back `latest` looks when no window is given (LiveDataCore's GetLastTelemetryAsync). */
export const LATEST_WINDOW_MS = 60 * 60 * 1000;
