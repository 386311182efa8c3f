// Language codes of DTDL's language maps: a BCP 47 tag whose primary language is one the runtime's locale data
// names (so "en-US" and "de" pass, "FOO" and "foobar" do not).
const SYNTAX = /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/;

let names: Intl.DisplayNames | undefined;

export function isLanguageCode(code: string): boolean {
  if (!SYNTAX.test(code)) return false;
  names ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  try {
    return names.of(code.split('-')[0].toLowerCase()) !== undefined;
  } catch {
    return false;
  }
}
