/**
 * A count with its noun: "1 twin", "1,204 twins", "2 children". Localised text passes both forms as templates
 * with `{0}` for the count, one string each so a translation can word (and order) them freely, even leave the
 * number out of one of them: `countNoun(n, l10n.t('{0} twin'), l10n.t('{0} twins'))`. A plain noun ("twin") is
 * put after the count, plural by adding "s" unless given.
 */
export function countNoun(count: number, one: string, many = `${one}s`): string {
  const form = count === 1 ? one : many;
  const number = count.toLocaleString('en-US');
  return one.includes('{0}') || many.includes('{0}') ? form.replace(/\{0\}/g, number) : `${number} ${form}`;
}
