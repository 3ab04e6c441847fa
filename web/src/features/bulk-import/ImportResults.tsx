import type { BulkImportResults } from '@portal/contracts';
import { downloadCsv } from '../../csv/writeCsv';
import { Button } from '../../ui/Button';

/** The rows an import refused, with why, as a CSV to fix and import again. */
export function downloadImportErrors(results: BulkImportResults): void {
  downloadCsv(
    'dealer_import_errors.csv',
    ['Row', 'Error'],
    results.errors.map((error) => [error.row, error.message]),
  );
}

/** The outcome of an import: counts, skipped duplicate emails and the errors by row. */
export function ImportResults({ results }: { results: BulkImportResults }) {
  return (
    <div className="bulk-import__results">
      <dl className="bulk-import__counts">
        <div>
          <dt>Imported</dt>
          <dd>{results.successful_imports}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd>{results.failed_imports}</dd>
        </div>
        <div>
          <dt>Duplicate emails</dt>
          <dd>{results.duplicate_emails.length}</dd>
        </div>
      </dl>
      {results.duplicate_emails.length > 0 && (
        <details>
          <summary>Skipped duplicate emails</summary>
          <ul>
            {results.duplicate_emails.map((email) => (
              <li key={email}>{email}</li>
            ))}
          </ul>
        </details>
      )}
      {results.errors.length > 0 && (
        <div className="button-row">
          <Button variant="secondary" onClick={() => downloadImportErrors(results)}>
            Download errors (CSV)
          </Button>
        </div>
      )}
      {results.errors.length > 0 && (
        <table className="bulk-import__table" aria-label="Import errors">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Error</th>
            </tr>
          </thead>
          <tbody>
            {results.errors.map((error) => (
              <tr key={`${error.row}-${error.message}`}>
                <td>{error.row}</td>
                <td>{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
