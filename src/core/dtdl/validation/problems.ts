// One problem the validator found: the reference parser's validation id where one applies (its last segment,
// e.g. `invalidId`), a sentence for people, and where it is: the file and the JSON path inside it.

export type JsonPath = (string | number)[];

export interface DtdlProblem {
  code: string;
  message: string;
  file: string;
  path: JsonPath;
}

export interface ProblemSink {
  add(code: string, message: string, file: string, path: JsonPath): void;
}

export function problemList(): ProblemSink & { problems: DtdlProblem[] } {
  const problems: DtdlProblem[] = [];
  const seen = new Set<string>();
  return {
    problems,
    add(code, message, file, path) {
      const key = `${file}\u0000${path.join('\u0000')}\u0000${code}\u0000${message}`;
      if (seen.has(key)) return;
      seen.add(key);
      problems.push({ code, message, file, path: [...path] });
    },
  };
}
