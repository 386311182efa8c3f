/** "1 twin", "1,204 twins", "2 children": a count with its noun (plural by adding "s" unless given). */
export function countNoun(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : plural}`;
}
