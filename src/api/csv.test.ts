import { describe, expect, it } from 'vitest';
import { csvCell } from './csv';

describe('csvCell', () => {
  it('quotes separators, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('Hart, Amelia')).toBe('"Hart, Amelia"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(':party:')).toBe(':party:');
    expect(csvCell(null)).toBe('');
  });

  it('neutralises a leading formula character, never a number', () => {
    expect(csvCell('=HYPERLINK("http://x.test")')).toBe('"\'=HYPERLINK(""http://x.test"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell(-5)).toBe('-5');
  });

  it('quotes a cell with ";" so a ";"-locale spreadsheet cannot split it into a formula', () => {
    expect(csvCell('note;=1+1')).toBe('"note;=1+1"');
    expect(csvCell('a;-2+3;@x')).toBe('"a;-2+3;@x"');
  });
});
