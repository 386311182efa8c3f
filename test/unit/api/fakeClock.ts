import type { Clock } from '../../../src/core/api/clock';

/** A clock that only moves when told to; due timers run in time order. */
export class FakeClock implements Clock {
  private time = 1_700_000_000_000;
  private timers: Array<{ at: number; fn: () => void; id: number }> = [];
  private nextId = 0;

  now(): number {
    return this.time;
  }

  setTimer(fn: () => void, ms: number): () => void {
    const id = this.nextId++;
    this.timers.push({ at: this.time + Math.max(0, ms), fn, id });
    return () => {
      this.timers = this.timers.filter((t) => t.id !== id);
    };
  }

  /** Moves time forward, running each due timer at its own time and letting promises settle between. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await flush();
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = Math.max(this.time, due.at);
      due.fn();
    }
    this.time = end;
    await flush();
  }
}

export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}
