/** Small deterministic PRNG (mulberry32) so the sample building is identical for a given seed. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** An independent stream per label, so adding data to one part of the sample leaves the others unchanged. */
  static derive(seed: number, label: string): SeededRandom {
    let hash = (seed ^ 0x9e3779b9) >>> 0;
    for (let i = 0; i < label.length; i++) hash = Math.imul(hash ^ label.charCodeAt(i), 0x01000193) >>> 0;
    return new SeededRandom(hash);
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Cannot pick from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** Standard normal deviate (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** A version-4 shaped UUID drawn from this stream. */
  uuid(): string {
    const hex = (n: number) =>
      Math.floor(this.next() * 16 ** n)
        .toString(16)
        .padStart(n, '0');
    const variant = (8 + Math.floor(this.next() * 4)).toString(16);
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(8)}${hex(4)}`;
  }

  token(length: number, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'): string {
    let text = '';
    for (let i = 0; i < length; i++) text += alphabet[Math.floor(this.next() * alphabet.length)];
    return text;
  }
}
