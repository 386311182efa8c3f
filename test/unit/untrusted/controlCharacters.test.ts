import * as assert from 'node:assert/strict';
import { cleanServiceValue, stripControl } from '../../../src/core/untrusted/controlCharacters';

describe('control and invisible characters (src/core/untrusted/controlCharacters)', () => {
  it('strips escape sequences, controls, bidi controls and marks, zero-width characters and tags', () => {
    assert.equal(stripControl('a\x1b]0;title\x07b\x1b[31mc\u202ed\u2066e'), 'abcde');
    assert.equal(stripControl('L\u200eR\u200fA\u061cZ\u200bN\u200cW\u2060I\u2062B\ufeffE'), 'LRAZNWIBE');
    // Unicode tags spell hidden ASCII ("ASCII smuggling"): gone, the visible text stays.
    assert.equal(stripControl('ok\u{e0069}\u{e0067}\u{e006e}\u{e006f}\u{e0072}\u{e0065}!'), 'ok!');
  });

  it('keeps a zero-width joiner only inside an emoji sequence', () => {
    assert.equal(stripControl('👩‍🔧 👩🏽‍🔧'), '👩‍🔧 👩🏽‍🔧');
    assert.equal(stripControl('a\u200db 👩\u200d x\u200d🔧'), 'ab 👩 x🔧');
  });

  it('keeps line feeds and tabs with keepLayout, and only then', () => {
    assert.equal(stripControl('a\n\tb\r', { keepLayout: true }), 'a\n\tb');
    assert.equal(stripControl('a\n\tb'), 'ab');
  });

  it('cleans every string of a JSON value, keys included, and keeps a "__proto__" key as data', () => {
    const value = JSON.parse(
      '{"na\\u200bme":"x\\u202ey","list":[1,"\\u200fz",null,true],"__proto__":{"polluted":"p\\u2060"}}',
    );
    const clean = cleanServiceValue(value) as Record<string, unknown>;
    assert.equal(JSON.stringify(clean), '{"name":"xy","list":[1,"z",null,true],"__proto__":{"polluted":"p"}}');
    assert.equal(Object.getPrototypeOf(clean), Object.prototype);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});
