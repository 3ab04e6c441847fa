import { parseCsv } from '../../src/csv/parseCsv';
import { csvCell, writeCsv } from '../../src/csv/writeCsv';
import { guessMapping, importRows } from '../../src/features/bulk-import/importRows';

describe('Parsing a CSV file (RFC 4180)', () => {
  test('When fields are quoted, Then commas, escaped quotes and line breaks inside them stay in the field', () => {
    const text = 'name,notes\n"Oak, Pine & Co","He said ""hi""\nand left"\n';
    expect(parseCsv(text)).toEqual([
      ['name', 'notes'],
      ['Oak, Pine & Co', 'He said "hi"\nand left'],
    ]);
  });

  test('When records end with CRLF and the file starts with a BOM, Then both are handled', () => {
    const text = '\uFEFFemail,city\r\na@x.test,Austin\r\nb@x.test,Dallas\r\n';
    expect(parseCsv(text)).toEqual([
      ['email', 'city'],
      ['a@x.test', 'Austin'],
      ['b@x.test', 'Dallas'],
    ]);
  });

  test('When cells are empty or the last line has no newline, Then empty strings are kept and blank lines skipped', () => {
    expect(parseCsv('a,b,c\n1,,3\n\n"",x,')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', '3'],
      ['', 'x', ''],
    ]);
  });
});

describe('Turning CSV rows into import rows', () => {
  test('When headers name fields, Then they are mapped once; only mapped, non-empty cells are sent', () => {
    const mapping = guessMapping(['Business Name', 'Email', 'Notes', 'email', 'Zip Code']);
    expect(mapping).toEqual(['business_name', 'email', '', '', 'zip_code']);
    expect(importRows([['Oak Co', ' a@x.test ', 'ignored', 'b@x.test', '']], mapping)).toEqual([
      { business_name: 'Oak Co', email: 'a@x.test' },
    ]);
  });
});

describe('Writing a CSV export (the one writer of every export)', () => {
  test('When a value is written, Then every cell is quoted and quotes inside are doubled', () => {
    expect(
      writeCsv(
        ['Name', 'Notes'],
        [
          ['Oak, Pine & Co', 'He said "hi"'],
          [42, null],
        ],
      ),
    ).toBe('"Name","Notes"\r\n"Oak, Pine & Co","He said ""hi"""\r\n"42",""\r\n');
  });

  test.each([
    ['=HYPERLINK("http://evil.test","x")', `"'=HYPERLINK(""http://evil.test"",""x"")"`],
    ['+1+2', `"'+1+2"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
    ['\tcmd', `"'\tcmd"`],
    ['\rcmd', `"'\rcmd"`],
  ])('When a cell starts like a formula (%j), Then it is written as inert text', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  test('When a cell only contains such a character later, or is a number, Then it is left as it is', () => {
    expect([csvCell('a=b'), csvCell('Row 3: bad @ sign'), csvCell(-5)]).toEqual([
      '"a=b"',
      '"Row 3: bad @ sign"',
      '"-5"',
    ]);
  });
});
