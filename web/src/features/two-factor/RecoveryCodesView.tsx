import { Button } from '../../ui/Button';
import { saveBlob } from '../../ui/saveBlob';
import './two-factor.css';

interface RecoveryCodesViewProps {
  codes: readonly string[];
  /** the user has saved them: they are never shown again */
  onDone: () => void;
  doneLabel?: string;
}

/** The ten recovery codes, shown once: each signs in once when the phone is not at hand. */
export function RecoveryCodesView({ codes, onDone, doneLabel = 'I have saved them' }: RecoveryCodesViewProps) {
  function download() {
    const text = `Dealer portal recovery codes (each works once)\n\n${codes.join('\n')}\n`;
    saveBlob(new Blob([text], { type: 'text/plain' }), 'recovery-codes.txt');
  }
  return (
    <div className="two-factor-recovery">
      <p className="two-factor-recovery__intro" role="status">
        Two-factor sign-in is on. Save these recovery codes somewhere safe: each one signs you in once if you lose your
        phone. They are shown only now.
      </p>
      <ul className="two-factor-recovery__codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="two-factor-recovery__actions">
        <Button variant="secondary" onClick={download}>
          Download
        </Button>
        <Button onClick={onDone}>{doneLabel}</Button>
      </div>
    </div>
  );
}
