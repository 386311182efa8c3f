import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { agreement, runAllCases, type CaseOutcome } from './conformanceCases';
import { conformanceReport } from './conformanceReport';

// The ratchet: agreement with the reference parser's verdicts may rise, never fall. Raise these when the
// validator gets better (and regenerate docs/dtdl-conformance.md with `npm run dtdl-conformance`).
const RECORDED = {
  V2: { valid: 240, invalid: 462 },
  V3: { valid: 209, invalid: 593 },
} as const;

describe('DTDL validator against the reference parser conformance cases', function () {
  this.timeout(20_000);
  let outcomes: CaseOutcome[];
  before(() => {
    outcomes = runAllCases(['V2', 'V3', 'V4']);
  });

  for (const version of ['V2', 'V3'] as const) {
    it(`agrees on at least the recorded number of ${version} cases`, () => {
      const a = agreement(outcomes, version);
      assert.ok(a.valid.total > 200 && a.invalid.total > 400, `too few ${version} cases read: ${JSON.stringify(a)}`);
      assert.ok(
        a.valid.agree >= RECORDED[version].valid,
        `${version} valid cases agreeing: ${a.valid.agree} < ${RECORDED[version].valid}`,
      );
      assert.ok(
        a.invalid.agree >= RECORDED[version].invalid,
        `${version} invalid cases agreeing: ${a.invalid.agree} < ${RECORDED[version].invalid}`,
      );
    });
  }

  it('docs/dtdl-conformance.md lists the disagreements of this validator', () => {
    const committed = readFileSync(path.resolve(__dirname, '../../../..', 'docs/dtdl-conformance.md'), 'utf8');
    assert.equal(committed, conformanceReport(outcomes), 'run `npm run dtdl-conformance` and commit the result');
  });

  it('places every problem of a multi-document case in its own document at its JSON path', () => {
    const multi = outcomes.filter((o) => o.files.length > 1 && o.problems.length > 0);
    assert.ok(multi.length > 20, `only ${multi.length} multi-document cases with problems`);
    for (const o of multi) {
      for (const p of o.problems) {
        const file = o.files.find((f) => f.file === p.file);
        assert.ok(file, `${o.name}: problem in unknown file ${p.file}`);
        const root = parseTree(file.text);
        let node = undefined;
        for (let n = p.path.length; n >= 0 && !node; n--) node = root && findNodeAtLocation(root, p.path.slice(0, n));
        assert.ok(node, `${o.name}: no node at ${JSON.stringify(p.path)}`);
        const lines = file.text.split('\n');
        const offset = lines.slice(0, p.range.line).reduce((sum, l) => sum + l.length + 1, 0) + p.range.column;
        assert.equal(offset, node.offset, `${o.name}: ${p.code} at ${JSON.stringify(p.path)}`);
      }
    }
  });
});
