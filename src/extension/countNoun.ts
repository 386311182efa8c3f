/** "1 twin", "3 twins": a count with its noun, plural by adding "s". */
export function countNoun(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
