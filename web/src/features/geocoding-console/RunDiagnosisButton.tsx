import { Button, type ButtonVariant } from '../../ui/Button';
import type { ConsoleState } from './useConsole';

/** Run Full Diagnosis (001 §3), as every tab of the console offers it: busy while the diagnosis runs. */
export function RunDiagnosisButton({ state, variant }: { state: ConsoleState; variant?: ButtonVariant }) {
  return (
    <Button
      variant={variant}
      onClick={() => void state.runDiagnosis()}
      busy={state.diagnosing}
      busyLabel="Running Diagnosis..."
    >
      Run Full Diagnosis
    </Button>
  );
}
