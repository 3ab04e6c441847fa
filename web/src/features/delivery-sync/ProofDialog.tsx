import { DELIVERY_PROOF_MESSAGES } from '@portal/contracts/values';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { InputField, TextAreaField } from '../../ui/FormField';
import { FormModalFooter } from '../../ui/FormModalFooter';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import type { QueuedProof } from './deliveryQueue';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad';
import { useProofRules } from './useDriverRoutes';

/** At most this many photos per delivery (the contract's limit). */
export const MAX_PROOF_PHOTOS = 5;
const TOO_MANY_PHOTOS = `Error: At most ${MAX_PROOF_PHOTOS} photos per delivery`;
/** How long the position may take: the proof never waits for it beyond this. */
const POSITION_WAIT_MS = 15_000;

interface ProofDialogProps {
  open: boolean;
  title: string;
  /** what is being delivered, e.g. "Order #1042" or "3 orders at stop 2" */
  subject: string;
  onClose: () => void;
  /** stores the proof (it is queued, so this settles at once, with or without signal) */
  onSubmit: (proof: QueuedProof) => Promise<void>;
}

/** The proof of delivery: recipient, drawn signature, photos and a note; position and time when the phone has them. */
export function ProofDialog({ open, ...rest }: ProofDialogProps) {
  // a new dialog each time it opens: nothing from the last delivery is left in it
  return open ? <ProofForm {...rest} /> : null;
}

function ProofForm({ title, subject, onClose, onSubmit }: Omit<ProofDialogProps, 'open'>) {
  const rules = useProofRules();
  const formId = useId();
  const pad = useRef<SignaturePadHandle>(null);
  const [recipient, setRecipient] = useState('');
  const [notes, setNotes] = useState('');
  const [signed, setSigned] = useState(false);
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ recipient?: string; signature?: string; photos?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const position = usePosition();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      recipient: recipient.trim() ? undefined : DELIVERY_PROOF_MESSAGES.recipientRequired,
      signature: rules.signatureRequired && !signed ? DELIVERY_PROOF_MESSAGES.signatureRequired : undefined,
      photos:
        photos.length > MAX_PROOF_PHOTOS
          ? TOO_MANY_PHOTOS
          : rules.photoRequired && photos.length === 0
            ? DELIVERY_PROOF_MESSAGES.photoRequired
            : undefined,
    };
    setErrors(found);
    if (found.recipient || found.signature || found.photos) return;
    setBusy(true);
    setProblem(null);
    try {
      const signature = signed ? ((await pad.current?.toPng()) ?? null) : null;
      await onSubmit({
        recipient_name: recipient.trim(),
        notes: notes.trim() || null,
        latitude: position?.latitude ?? null,
        longitude: position?.longitude ?? null,
        captured_at: new Date().toISOString(),
        signature,
        photos,
      });
      onClose();
    } catch (error) {
      setProblem(`Error: The delivery could not be saved on this phone (${String(error)})`);
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={title}
      onClose={busy ? () => undefined : onClose}
      footer={
        <FormModalFooter
          formId={formId}
          submitLabel="Confirm Delivery"
          busy={busy}
          busyLabel="Saving..."
          onCancel={onClose}
          notice={<Message text={problem} reveal />}
        />
      }
    >
      <form id={formId} className="proof-form" onSubmit={submit} noValidate>
        <p className="proof-form__subject">{subject}</p>
        <InputField
          label="Recipient's name"
          value={recipient}
          onChange={setRecipient}
          required
          autoComplete="off"
          maxLength={200}
          error={errors.recipient}
        />
        <SignaturePad
          ref={pad}
          label="Signature"
          required={rules.signatureRequired}
          error={errors.signature}
          onChange={setSigned}
        />
        <PhotoField photos={photos} onChange={setPhotos} required={rules.photoRequired} error={errors.photos} />
        <TextAreaField label="Note" value={notes} onChange={setNotes} maxLength={2000} rows={2} />
        <p className="field__hint proof-form__position" aria-live="polite">
          {position ? 'Position recorded.' : 'Position: not available (the delivery is saved without it).'}
        </p>
      </form>
    </Modal>
  );
}

function PhotoField({
  photos,
  onChange,
  required,
  error,
}: {
  photos: File[];
  onChange: (photos: File[]) => void;
  required: boolean;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="field proof-photos">
      <label htmlFor={id}>
        Photos {required ? '' : '(optional)'}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          // the same picture chosen twice is sent once
          const known = new Set(photos.map(photoKey));
          onChange([...photos, ...chosen.filter((photo) => !known.has(photoKey(photo)))]);
          event.target.value = '';
        }}
      />
      <p id={`${id}-hint`} className="field__hint">
        Up to {MAX_PROOF_PHOTOS} photos of the delivered goods.
      </p>
      {photos.length > 0 && (
        <ul className="proof-photos__list">
          {photos.map((photo, index) => (
            <li key={photoKey(photo)}>
              <span>{photo.name}</span>
              <button
                type="button"
                className="proof-photos__remove"
                aria-label={`Remove photo ${photo.name}`}
                onClick={() => onChange(photos.filter((_, at) => at !== index))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <p id={`${id}-error`} className="field__error" aria-live="polite" hidden={!error}>
        {error}
      </p>
    </div>
  );
}

function photoKey(photo: File): string {
  return `${photo.name}|${photo.size}|${photo.lastModified}`;
}

/** The phone's position when the driver allows it; asked once as the dialog opens, never waited for. */
function usePosition(): { latitude: number; longitude: number } | null {
  const [position, setPosition] = useState<{ latitude: number; longitude: number } | null>(null);
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return;
    let live = true;
    navigator.geolocation.getCurrentPosition(
      (found) => {
        if (live) setPosition({ latitude: found.coords.latitude, longitude: found.coords.longitude });
      },
      () => undefined,
      { enableHighAccuracy: true, timeout: POSITION_WAIT_MS, maximumAge: 60_000 },
    );
    return () => {
      live = false;
    };
  }, []);
  return position;
}
