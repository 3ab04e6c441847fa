/**
 * A small RFC 4180 CSV parser: quoted fields may hold commas, line breaks and doubled quotes (""); records end
 * with CRLF, LF or CR; a leading byte-order mark is dropped. Blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;

  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
  };

  while (index < input.length) {
    const char = input[index];
    if (quoted) {
      if (char === '"' && input[index + 1] === '"') {
        field += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      index += 1;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === ',') endField();
    else if (char === '\r' || char === '\n') {
      endRecord();
      if (char === '\r' && input[index + 1] === '\n') index += 1;
    } else field += char;
    index += 1;
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}
