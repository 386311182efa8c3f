/** Maps character offsets of a text to 1-based line numbers and columns (binary search over line starts). */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) this.starts.push(i + 1);
    }
  }

  lineAt(offset: number): number {
    return this.lineIndexAt(offset) + 1;
  }

  /** 1-based line and column of an offset. */
  positionAt(offset: number): { line: number; column: number } {
    const index = this.lineIndexAt(offset);
    return { line: index + 1, column: offset - (this.starts[index] ?? 0) + 1 };
  }

  private lineIndexAt(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
