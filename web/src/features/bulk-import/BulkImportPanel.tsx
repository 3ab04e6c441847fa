import { BULK_IMPORT_FIELDS, type BulkImportResults } from '@portal/contracts';
import { type ChangeEvent, useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { parseCsv } from '../../csv/parseCsv';
import { Button } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { useImportDealersMutation } from './bulkImportApi';
import { ImportResults } from './ImportResults';
import { batches, type ColumnMapping, guessMapping, type ImportField, importRows } from './importRows';
import './bulk-import.css';
import { countOf } from '../../format/count';

/** Rows per request: the progress bar moves batch by batch. */
const BATCH_SIZE = 1000;

interface ParsedFile {
  name: string;
  headers: string[];
  rows: string[][];
}

type Step = 'upload' | 'mapping' | 'importing' | 'complete';

/** Settings → Bulk Import: upload a CSV, map its columns to dealer fields, import, read the results. */
export function BulkImportPanel() {
  const [step, setStep] = useState<Step>('upload');
  const [file, setFile] = useState<ParsedFile>();
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const [progress, setProgress] = useState(0);
  const [results, setResults] = useState<BulkImportResults>();
  const [message, setMessage] = useState<string>();
  const [importDealers] = useImportDealersMutation();

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen?.name.toLowerCase().endsWith('.csv')) return setMessage('Error: Please select a CSV file');
    const [headers, ...rows] = parseCsv(await chosen.text());
    if (!headers || rows.length === 0) {
      return setMessage('Error: CSV file must have at least a header row and one data row');
    }
    setFile({ name: chosen.name, headers, rows });
    setMapping(guessMapping(headers));
    setMessage(undefined);
    setStep('mapping');
  }

  async function runImport() {
    if (!file) return;
    setStep('importing');
    setProgress(0);
    const total: BulkImportResults = { successful_imports: 0, failed_imports: 0, duplicate_emails: [], errors: [] };
    const parts = batches(importRows(file.rows, mapping), BATCH_SIZE);
    try {
      for (const [index, part] of parts.entries()) {
        const result = await importDealers({ body: { dealers: part } }).unwrap();
        const offset = index * BATCH_SIZE;
        total.successful_imports += result.successful_imports;
        total.failed_imports += result.failed_imports;
        total.duplicate_emails.push(...result.duplicate_emails);
        total.errors.push(...result.errors.map((error) => ({ ...error, row: error.row + offset })));
        setProgress((index + 1) / parts.length);
      }
      setResults(total);
      setMessage(`Successfully imported ${countOf(total.successful_imports, 'dealer', 'dealers')}!`);
      setStep('complete');
    } catch (error) {
      setMessage(failureMessage(error, 'Failed to import dealers'));
      setStep('mapping');
    }
  }

  function startOver() {
    setStep('upload');
    setFile(undefined);
    setMapping([]);
    setResults(undefined);
    setMessage(undefined);
  }

  const mapped = mapping.some(Boolean);
  return (
    <section className="bulk-import" aria-labelledby="bulk-import-title">
      <header>
        <h2 id="bulk-import-title">Bulk Import</h2>
        <p className="muted">
          Import dealers: upload a CSV file with a header row, match its columns to dealer fields, and import.
        </p>
      </header>
      <Message text={message} />
      {step === 'upload' && (
        <label className="bulk-import__drop">
          <strong>Choose a CSV file</strong>
          <span className="muted">The first row names the columns.</span>
          <input type="file" accept=".csv,text/csv" onChange={choose} aria-label="CSV file" />
        </label>
      )}
      {step === 'mapping' && file && <ColumnMapper file={file} mapping={mapping} onChange={setMapping} />}
      {step === 'importing' && (
        <div className="bulk-import__progress">
          <p>Importing dealers…</p>
          <progress max={1} value={progress} aria-label="Import progress" />
        </div>
      )}
      {step === 'complete' && results && <ImportResults results={results} />}
      <div className="button-row">
        {step === 'mapping' && (
          <Button disabled={!mapped} onClick={runImport}>
            Import {countOf(file?.rows.length ?? 0, 'Dealer', 'Dealers')}
          </Button>
        )}
        {step !== 'upload' && step !== 'importing' && (
          <Button variant="secondary" onClick={startOver}>
            Start Over
          </Button>
        )}
      </div>
    </section>
  );
}

interface ColumnMapperProps {
  file: ParsedFile;
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
}

function ColumnMapper({ file, mapping, onChange }: ColumnMapperProps) {
  const setField = (column: number, field: ImportField | '') =>
    onChange(mapping.map((current, index) => (index === column ? field : current === field && field ? '' : current)));
  return (
    <div className="bulk-import__mapping">
      <p>
        <strong>{file.name}</strong>: {file.rows.length} data rows. Map each column to a dealer field (unmapped columns
        are skipped).
      </p>
      <table className="bulk-import__table">
        <thead>
          <tr>
            <th scope="col">CSV column</th>
            <th scope="col">Example</th>
            <th scope="col">Dealer field</th>
          </tr>
        </thead>
        <tbody>
          {file.headers.map((header, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional; headers may repeat
            <tr key={column}>
              <td>{header || `Column ${column + 1}`}</td>
              <td className="muted">{file.rows[0]?.[column] ?? ''}</td>
              <td>
                <select
                  aria-label={`Field for ${header || `column ${column + 1}`}`}
                  value={mapping[column] ?? ''}
                  onChange={(event) => setField(column, event.target.value as ImportField | '')}
                >
                  <option value="">Skip this column</option>
                  {BULK_IMPORT_FIELDS.map((field) => (
                    <option key={field} value={field}>
                      {field}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
