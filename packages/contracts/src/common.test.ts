import { describe, expect, it } from 'vitest';
import { httpUrl, idParam, idValue, maxId, money, text } from './common.js';

describe('shared input schemas', () => {
  it('take ids from 1 to 2^31-1 only', () => {
    expect(idParam.parse('2147483647')).toBe(maxId);
    for (const bad of ['2147483648', '0', '-1', '1.5', 'abc', '', '1e300']) expect(idParam.safeParse(bad).success, bad).toBe(false);
    expect(idValue.safeParse('5').success).toBe(false);
    expect(idValue.safeParse(2 ** 31).success).toBe(false);
  });

  it('refuse control characters in text but keep tabs and line breaks', () => {
    const note = text(100);
    expect(note.safeParse('abcde\u0000').success).toBe(false);
    expect(note.safeParse('bell\u0007').success).toBe(false);
    expect(note.safeParse('del\u007f').success).toBe(false);
    expect(note.parse('  two\nlines\tand a tab ')).toBe('two\nlines\tand a tab');
    expect(note.safeParse('x'.repeat(101)).success).toBe(false);
    expect(text(10, { min: 1 }).safeParse('   ').success).toBe(false);
  });

  it('take http and https links only', () => {
    expect(httpUrl.parse('https://charts.example.org/a.zip')).toBe('https://charts.example.org/a.zip');
    expect(httpUrl.safeParse('http://charts.example.org').success).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      'ftp://e.org/x',
      'not a url',
      'https://e.org/\u0000',
    ]) {
      expect(httpUrl.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('cap prices', () => {
    expect(money.safeParse(1e15).success).toBe(false);
    expect(money.parse(1_000_000_000)).toBe(1_000_000_000);
    expect(money.safeParse(10.123).success).toBe(false);
  });
});
