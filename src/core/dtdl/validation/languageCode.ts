// Language codes of DTDL's language maps: a BCP 47 tag whose primary language is one the runtime's locale data
// names (so "en-US" and "de" pass, "FOO" and "foobar" do not).
const SYNTAX = /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/;

let names: Intl.DisplayNames | undefined;
/** Primary languages already looked up (a model set uses a handful, thousands of times). */
const known = new Map<string, boolean>();

export function isLanguageCode(code: string): boolean {
  if (!SYNTAX.test(code)) return false;
  const primary = code.split('-')[0].toLowerCase();
  let answer = known.get(primary);
  if (answer === undefined) {
    names ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    try {
      answer = names.of(primary) !== undefined;
    } catch {
      answer = false;
    }
    known.set(primary, answer);
  }
  return answer;
}
