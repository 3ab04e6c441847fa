import { DELIVERY_PROOF_MESSAGES } from '@portal/contracts';
import {
  capturedAt,
  deliveryMarkRefusal,
  missingProofRefusal,
  ORDER_CANCELLED,
  openUndoDeadline,
  undoRefusal,
} from '../../src/domain/delivery-proof';

const defaults = { proof_signature_required: true, proof_photo_required: false };

describe('missingProofRefusal', () => {
  test('When the recipient is missing or blank, Then recipientRequired, whatever the settings', () => {
    const given = { has_signature: true, photo_count: 1 };
    expect(missingProofRefusal(defaults, { ...given, recipient_name: null })).toBe(
      DELIVERY_PROOF_MESSAGES.recipientRequired,
    );
    expect(
      missingProofRefusal(
        { proof_signature_required: false, proof_photo_required: false },
        { ...given, recipient_name: '   ' },
      ),
    ).toBe(DELIVERY_PROOF_MESSAGES.recipientRequired);
  });

  test('When a signature is required and none was drawn, Then signatureRequired; not when the settings waive it', () => {
    const given = { recipient_name: 'Pat', has_signature: false, photo_count: 0 };
    expect(missingProofRefusal(defaults, given)).toBe(DELIVERY_PROOF_MESSAGES.signatureRequired);
    expect(missingProofRefusal({ ...defaults, proof_signature_required: false }, given)).toBeNull();
  });

  test('When a photo is required, Then none is refused and one is enough', () => {
    const settings = { proof_signature_required: false, proof_photo_required: true };
    expect(missingProofRefusal(settings, { recipient_name: 'Pat', has_signature: false, photo_count: 0 })).toBe(
      DELIVERY_PROOF_MESSAGES.photoRequired,
    );
    expect(missingProofRefusal(settings, { recipient_name: 'Pat', has_signature: false, photo_count: 1 })).toBeNull();
  });
});

describe('deliveryMarkRefusal', () => {
  test('When the order was cancelled, Then the refusal says so (not a bare transition error)', () => {
    expect(deliveryMarkRefusal('cancelled', 'delivered')).toBe(ORDER_CANCELLED);
    expect(deliveryMarkRefusal('cancelled', 'shipped')).toBe(ORDER_CANCELLED);
  });

  test('When the order is in_shipment or shipped, Then it may be delivered; a delivered one is final', () => {
    expect(deliveryMarkRefusal('in_shipment', 'delivered')).toBeNull();
    expect(deliveryMarkRefusal('shipped', 'delivered')).toBeNull();
    expect(deliveryMarkRefusal('delivered', 'delivered')).toBe(
      'Error: This order is already delivered; delivered is final',
    );
    expect(deliveryMarkRefusal('confirmed', 'delivered')).toBe('Error: An order cannot go from confirmed to delivered');
  });
});

describe('the undo window', () => {
  const recordedAt = new Date('2026-03-01T12:00:00Z');
  const at = (minutes: number, seconds = 0) => new Date(recordedAt.getTime() + minutes * 60_000 + seconds * 1000);
  const mark = { recorded_by_id: 'driver-a', recorded_at: recordedAt };

  test('When asked within 10 minutes, Then the deadline is recorded_at + 10 min; at or after it, null', () => {
    expect(openUndoDeadline(recordedAt, at(9, 59))?.toISOString()).toBe('2026-03-01T12:10:00.000Z');
    expect(openUndoDeadline(recordedAt, at(10))).toBeNull();
    expect(openUndoDeadline(recordedAt, at(60))).toBeNull();
  });

  test('When the driver who marked it undoes inside the window, Then allowed; after it, windowPassed', () => {
    const driver = { id: 'driver-a', role: 'delivery' };
    expect(undoRefusal(mark, driver, at(5))).toBeNull();
    expect(undoRefusal(mark, driver, at(10, 1))).toBe('windowPassed');
  });

  test('When another delivery user undoes, Then notYours; an admin may, but not after the window', () => {
    expect(undoRefusal(mark, { id: 'driver-b', role: 'delivery' }, at(1))).toBe('notYours');
    expect(undoRefusal(mark, { id: 'admin-1', role: 'admin' }, at(1))).toBeNull();
    expect(undoRefusal(mark, { id: 'admin-1', role: 'admin' }, at(11))).toBe('windowPassed');
  });
});

describe('capturedAt', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  test('When the device sends an earlier time (it was offline), Then that time; none or a later one, now', () => {
    expect(capturedAt('2026-03-01T06:30:00-05:00', now).toISOString()).toBe('2026-03-01T11:30:00.000Z');
    expect(capturedAt(undefined, now)).toBe(now);
    expect(capturedAt('2026-03-01T13:00:00Z', now)).toBe(now);
  });
});
