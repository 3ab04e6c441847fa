import type { Order } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { TextAreaField } from '../../ui/FormField';
import { FormModalFooter } from '../../ui/FormModalFooter';
import { Modal } from '../../ui/Modal';
import { useReleaseOrderHoldMutation } from './creditApi';
import { FooterMessage } from './FooterMessage';

export const RELEASE_NOTE_REQUIRED = 'Please say why the hold is released';
export const HOLD_RELEASED = 'The hold was released; the order can now be confirmed.';
const MAX_NOTE = 500;

/** Release Hold: the admin's note (required, kept on the order and in its history) releases the credit hold. */
export function ReleaseHoldModal({
  order,
  onClose,
  onReleased,
}: {
  order: Order;
  onClose: () => void;
  onReleased: (message: string) => void;
}) {
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [message, setMessage] = useState<string>();
  const [release, { isLoading }] = useReleaseOrderHoldMutation();
  const missing = tried && !note.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setMessage(undefined);
    if (!note.trim()) return;
    try {
      await release({ params: { order_id: order.order_id }, body: { note: note.trim() } }).unwrap();
      onReleased(HOLD_RELEASED);
    } catch (failure) {
      setMessage(failureMessage(failure, 'Failed to release the hold'));
    }
  }

  return (
    <Modal
      open
      title={`Release Hold — Order ${order.order_number}`}
      onClose={() => {
        if (!isLoading) onClose();
      }}
      footer={
        <FormModalFooter
          formId="release-hold-form"
          submitLabel="Release Hold"
          busy={isLoading}
          busyLabel="Releasing..."
          onCancel={onClose}
          notice={<FooterMessage text={message} tone="error" />}
        />
      }
    >
      <form id="release-hold-form" className="stack" onSubmit={submit} noValidate>
        <p>
          On hold: <strong>{order.hold_reason ?? 'credit hold'}</strong>
        </p>
        <TextAreaField
          label="Note"
          required
          rows={3}
          maxLength={MAX_NOTE}
          value={note}
          onChange={setNote}
          hint="Why the order may go ahead (kept on the order and in its history)"
          error={missing ? RELEASE_NOTE_REQUIRED : undefined}
        />
      </form>
    </Modal>
  );
}
