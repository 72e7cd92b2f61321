import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

/** A strict RFC 4180 reader, to check what toCsv writes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      i += 1;
      continue;
    }
    if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
    i += 1;
  }
  return rows;
}

describe('csvCell', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvCell('ana.bakes')).toBe('ana.bakes');
    expect(csvCell(12_000)).toBe('12000');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('Beauty, Cosmetic & Personal Care')).toBe('"Beauty, Cosmetic & Personal Care"');
    expect(csvCell('the "best" bakery')).toBe('"the ""best"" bakery"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+351 912')).toBe("'+351 912");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('toCsv', () => {
  it('ends every record with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        [1, 'x,y'],
      ]),
    ).toBe('a,b\r\n1,"x,y"\r\n');
  });

  it('reads back field for field (formula prefixes aside)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), { maxLength: 5 }),
        (rows) => {
          const expected = rows.map((row) =>
            row.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)),
          );
          expect(parseCsv(toCsv(rows))).toEqual(expected);
        },
      ),
    );
  });
});
