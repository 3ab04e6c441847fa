import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { selectToken } from '../session/sessionSlice';
import { downloadStatementPdf, type StatementOwner } from './statementPdf';

/**
 * Download PDF for the statement on screen (the dealer's Account, the admin's dealer detail): disabled until a
 * statement is shown; what happened (the file name, or the server's reason) goes to `onNotice`, cleared first.
 */
export function StatementPdfButton({
  owner,
  statement,
  onNotice,
}: {
  owner: StatementOwner;
  /** the first and last day of the statement on screen, so the PDF holds what the screen shows */
  statement: { from: string; to: string } | undefined;
  onNotice: (text: string | undefined) => void;
}) {
  const token = useAppSelector(selectToken);
  const [downloading, setDownloading] = useState(false);

  async function download() {
    if (!statement) return;
    setDownloading(true);
    onNotice(undefined);
    try {
      const filename = await downloadStatementPdf(token, owner, statement);
      onNotice(`Downloading ${filename}...`);
    } catch (failure) {
      onNotice(`Error downloading the statement: ${(failure as Error).message}`);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Button variant="secondary" onClick={download} busy={downloading} busyLabel="Downloading..." disabled={!statement}>
      Download PDF
    </Button>
  );
}
