import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../ui/Button';

/**
 * A record's History behind a button: the log is read when it is opened (so it shows the change just made) and
 * not on every visit of the record.
 */
export function HistoryDisclosure({
  children,
  className = 'dealer-card',
}: {
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const regionId = useId();
  return (
    <section className={className} aria-labelledby={headingId}>
      <div className="button-row">
        <h2 id={headingId}>History</h2>
        <Button variant="secondary" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
          {open ? 'Hide history' : 'Show history'}
        </Button>
      </div>
      <div id={regionId} hidden={!open}>
        {open && children}
      </div>
    </section>
  );
}
