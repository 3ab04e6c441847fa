import { parseCsv } from '../../src/features/bulkImport/csv';
import { guessMapping, importRows } from '../../src/features/bulkImport/importRows';

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
