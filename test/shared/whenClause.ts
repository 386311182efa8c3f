// A small evaluator of the `when` clauses package.json uses (menus, palette), so tests can tell where a command
// shows: `a && b`, `a || b`, `!key`, `key`, `key == value`, `key != value`, `key =~ /regex/flags`. Values are
// bare words or 'quoted'; a key missing from the context is undefined (false).

export type WhenContext = Record<string, unknown>;

/** Splits at a top-level operator (`&&`, `||`), never inside a regular expression literal. */
function split(clause: string, operator: '&&' | '||'): string[] {
  const parts: string[] = [];
  let start = 0;
  let inRegex = false;
  for (let i = 0; i < clause.length; i++) {
    const ch = clause[i];
    if (inRegex) {
      if (ch === '\\') i++;
      else if (ch === '/') inRegex = false;
      continue;
    }
    if (ch === '/' && /=~\s*$/.test(clause.slice(0, i))) inRegex = true;
    else if (clause.startsWith(operator, i)) {
      parts.push(clause.slice(start, i));
      start = i + operator.length;
      i++;
    }
  }
  parts.push(clause.slice(start));
  return parts.map((p) => p.trim());
}

function value(text: string): string {
  const t = text.trim();
  return /^'.*'$/.test(t) ? t.slice(1, -1) : t;
}

function term(text: string, context: WhenContext): boolean {
  const t = text.trim();
  if (t === 'true') return true;
  if (t === 'false') return false;
  const regex = /^(\S+)\s*=~\s*\/(.*)\/([a-z]*)$/.exec(t);
  if (regex) return new RegExp(regex[2], regex[3]).test(String(context[regex[1]] ?? ''));
  const compare = /^(\S+)\s*(==|!=)\s*(.+)$/.exec(t);
  if (compare) {
    const equal = String(context[compare[1]] ?? '') === value(compare[3]);
    return compare[2] === '==' ? equal : !equal;
  }
  if (t.startsWith('!')) return !term(t.slice(1), context);
  if (!/^[\w.-]+$/.test(t)) throw new Error(`Unsupported when clause term: ${t}`);
  return Boolean(context[t]);
}

/** Whether `clause` holds in `context`; an absent clause always holds. */
export function whenHolds(clause: string | undefined, context: WhenContext): boolean {
  if (!clause) return true;
  return split(clause, '||').some((alternative) => split(alternative, '&&').every((t) => term(t, context)));
}

/** The context keys a clause reads (for trying every combination of their values). */
export function whenKeys(clause: string | undefined): string[] {
  if (!clause) return [];
  const keys = new Set<string>();
  for (const alternative of split(clause, '||')) {
    for (const t of split(alternative, '&&')) {
      const key = /^!?\s*([\w.-]+)/.exec(t.trim())?.[1];
      if (key && key !== 'true' && key !== 'false') keys.add(key);
    }
  }
  return [...keys];
}
