// Saving a run's report while it runs: often enough that a crash loses little, rarely enough to cost nothing.
import { systemClock, type Clock } from '../api/clock';
import type { ImportReport, ReportStore } from './importReport';

/** Saves the report at most every `intervalMs` while running, one save at a time, and once more at the end. */
export class ThrottledSaver {
  private dirty = false;
  private last = Number.NEGATIVE_INFINITY;
  private inFlight: Promise<void> | undefined;
  private error: unknown;

  constructor(
    private readonly store: ReportStore | undefined,
    private readonly report: ImportReport,
    private readonly intervalMs: number,
    private readonly clock: Pick<Clock, 'now'> = systemClock,
  ) {}

  changed(): void {
    this.dirty = true;
    if (!this.inFlight && this.clock.now() - this.last >= this.intervalMs)
      this.inFlight = this.save()
        .catch((e: unknown) => {
          this.error ??= e;
        })
        .finally(() => {
          this.inFlight = undefined;
        });
  }

  async flush(): Promise<void> {
    await this.inFlight;
    if (this.dirty || this.error) await this.save();
  }

  private async save(): Promise<void> {
    if (!this.store) {
      this.dirty = false;
      return;
    }
    this.dirty = false;
    this.last = this.clock.now();
    this.report.updatedAt = new Date(this.last).toISOString();
    await this.store.save(this.report);
  }
}
