// How many request-body bytes the emulator holds at once, over all requests: a body is buffered and parsed
// whole, so without a ceiling a hundred large bodies at once would take gigabytes. A request takes its share
// as its bytes arrive (its declared length up front) and gives it back when its answer is done.

export interface BodyLease {
  /** Takes `bytes` more for this request; false (taking nothing) when that would pass the ceiling. */
  take(bytes: number): boolean;
  /** Gives back everything this request took. */
  release(): void;
}

export class BodyBudget {
  #used = 0;

  constructor(readonly maxBytes: number) {}

  /** Bytes held by requests now. */
  get used(): number {
    return this.#used;
  }

  lease(): BodyLease {
    let held = 0;
    return {
      take: (bytes) => {
        if (this.#used + bytes > this.maxBytes) return false;
        this.#used += bytes;
        held += bytes;
        return true;
      },
      release: () => {
        this.#used -= held;
        held = 0;
      },
    };
  }
}
