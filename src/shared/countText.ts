// Counts in words for the display language: Intl.PluralRules picks the form, Intl.NumberFormat writes the number.
// Each form is a localised string of its own with `{0}` for the count, so a translation words (and orders) it
// freely: `countText(n, { one: l10n.t('{0} twin'), other: l10n.t('{0} twins') })`. A language with more forms may
// give them (`few`, `many`, …); a form not given is `other`. The language is English until configureL10n installs a
// translation with its language (texts and number rules then agree); the formatters are made on first use.

export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

let language = 'en';
let formatters: { plural: Intl.PluralRules; number: Intl.NumberFormat } | undefined;

/** The language counts are written in (a BCP 47 tag); one Intl does not know is refused and English stays. */
export function setCountLanguage(tag: string): void {
  try {
    const [supported] = Intl.PluralRules.supportedLocalesOf([tag]);
    if (!supported || supported === language) return;
    language = supported;
    formatters = undefined;
  } catch {
    // An invalid tag: English stays.
  }
}

function made(): { plural: Intl.PluralRules; number: Intl.NumberFormat } {
  return (formatters ??= { plural: new Intl.PluralRules(language), number: new Intl.NumberFormat(language) });
}

/** A number as the display language writes it: "1,204" in English. */
export function countNumber(count: number): string {
  return made().number.format(count);
}

/** The count in the form its number takes: "1 twin", "1,204 twins". */
export function countText(count: number, forms: PluralForms): string {
  const form = forms[made().plural.select(count)] ?? forms.other;
  return form.replace(/\{0\}/g, countNumber(count));
}
