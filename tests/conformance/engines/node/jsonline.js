'use strict';
// A strict JSON reader for one request line, within the protocol's bounds:
// nesting at most 64 deep, numbers at most 40 characters and finite, no lone
// surrogate escapes, no key twice in one object.

const MAX_DEPTH = 64;
const MAX_NUMBER = 40;

class JErr extends Error {}

function parseLine(text) {
  let i = 0;
  const n = text.length;
  const fail = (what) => { throw new JErr(what); };
  const ws = () => { while (i < n) { const c = text.charCodeAt(i); if (c === 32 || c === 9 || c === 10 || c === 13) i++; else break; } };
  function value(depth) {
    ws();
    if (i >= n) fail('json: unexpected end');
    const c = text[i];
    if (c === '{') return object(depth + 1);
    if (c === '[') return array(depth + 1);
    if (c === '"') return string();
    if (c === 't') return lit('true', true);
    if (c === 'f') return lit('false', false);
    if (c === 'n') return lit('null', null);
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    if (text.startsWith('NaN', i) || text.startsWith('Infinity', i)) fail('non-finite: not JSON');
    fail('json: unexpected character');
  }
  function lit(word, v) {
    if (!text.startsWith(word, i)) fail('json: bad literal');
    i += word.length; return v;
  }
  function number() {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 1000));
    if (!m) { if (text.startsWith('-Infinity', i)) fail('non-finite: not JSON'); fail('json: bad number'); }
    if (m[0].length > MAX_NUMBER) fail('number: more than 40 characters');
    i += m[0].length;
    const v = Number(m[0]);
    if (!Number.isFinite(v)) fail('non-finite: number out of range');
    return v;
  }
  function string() {
    i++; // opening quote
    let out = '';
    for (;;) {
      if (i >= n) fail('json: unterminated string');
      const c = text.charCodeAt(i);
      if (c === 34) { i++; return out; }
      if (c < 0x20) fail('json: control character in string');
      if (c === 92) {
        const e = text[i + 1];
        i += 2;
        switch (e) {
          case '"': out += '"'; break;
          case '\\': out += '\\'; break;
          case '/': out += '/'; break;
          case 'b': out += '\b'; break;
          case 'f': out += '\f'; break;
          case 'n': out += '\n'; break;
          case 'r': out += '\r'; break;
          case 't': out += '\t'; break;
          case 'u': {
            const u = hex4();
            if (u >= 0xD800 && u <= 0xDBFF) {
              if (text[i] === '\\' && text[i + 1] === 'u') {
                i += 2;
                const l = hex4();
                if (l >= 0xDC00 && l <= 0xDFFF) { out += String.fromCharCode(u, l); break; }
                fail('surrogate: lone surrogate escape');
              }
              fail('surrogate: lone surrogate escape');
            }
            if (u >= 0xDC00 && u <= 0xDFFF) fail('surrogate: lone surrogate escape');
            out += String.fromCharCode(u);
            break;
          }
          default: fail('json: bad escape');
        }
        continue;
      }
      if (c >= 0xD800 && c <= 0xDFFF) {
        // raw surrogates only arrive as valid pairs from UTF-8 decoding
        const d = text.charCodeAt(i + 1);
        if (c <= 0xDBFF && d >= 0xDC00 && d <= 0xDFFF) { out += text[i] + text[i + 1]; i += 2; continue; }
        fail('utf-8: lone surrogate');
      }
      out += text[i]; i++;
    }
  }
  function hex4() {
    const h = text.slice(i, i + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(h)) fail('json: bad unicode escape');
    i += 4; return parseInt(h, 16);
  }
  function object(depth) {
    if (depth > MAX_DEPTH) fail('depth: nesting deeper than 64');
    i++;
    const obj = {};
    const keys = new Set();
    ws();
    if (text[i] === '}') { i++; return obj; }
    for (;;) {
      ws();
      if (text[i] !== '"') fail('json: expected a key');
      const k = string();
      if (keys.has(k)) fail('duplicate-key: ' + k);
      keys.add(k);
      ws();
      if (text[i] !== ':') fail('json: expected a colon');
      i++;
      const v = value(depth);
      Object.defineProperty(obj, k, { value: v, enumerable: true, writable: true, configurable: true });
      ws();
      if (text[i] === ',') { i++; continue; }
      if (text[i] === '}') { i++; return obj; }
      fail('json: expected , or }');
    }
  }
  function array(depth) {
    if (depth > MAX_DEPTH) fail('depth: nesting deeper than 64');
    i++;
    const arr = [];
    ws();
    if (text[i] === ']') { i++; return arr; }
    for (;;) {
      arr.push(value(depth));
      ws();
      if (text[i] === ',') { i++; continue; }
      if (text[i] === ']') { i++; return arr; }
      fail('json: expected , or ]');
    }
  }
  try {
    const v = value(0);
    ws();
    if (i !== n) fail('json: trailing characters');
    return { ok: true, value: v };
  } catch (e) {
    if (e instanceof JErr) return { ok: false, error: e.message };
    if (e instanceof RangeError) return { ok: false, error: 'depth: too deep' };
    throw e;
  }
}

module.exports = { parseLine };
