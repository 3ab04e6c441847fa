import type { ReactNode } from 'react';
import { Button } from './Button';

interface FormModalFooterProps {
  /** the id of the <form> the submit button sends: the button sits in the dialog's footer, outside the form */
  formId: string;
  submitLabel: string;
  /** while saving: the submit button reads `busyLabel` and Cancel is off, so a half-sent form is not left behind */
  busy: boolean;
  busyLabel: string;
  onCancel: () => void;
  /** shown before the buttons (e.g. why the last submit failed) */
  notice?: ReactNode;
}

/** A form dialog's footer: an optional notice, Cancel, and the submit button. */
export function FormModalFooter({ formId, submitLabel, busy, busyLabel, onCancel, notice }: FormModalFooterProps) {
  return (
    <>
      {notice}
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" form={formId} busy={busy} busyLabel={busyLabel}>
        {submitLabel}
      </Button>
    </>
  );
}
