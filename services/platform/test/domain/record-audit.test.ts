import { AUDIT_REDACTED, AuditRecord, AuditRecorded, type EventDef } from '@portal/contracts';
import { auditChanges, type Emit, recordAudit, requestContext } from '@portal/platform';

/** An emit that keeps what the use case wrote to its outbox, checked against the event's schema. */
function recordingEmit() {
  const written: { def: EventDef; aggregateId: string; payload: unknown }[] = [];
  const emit = (async (def: EventDef, aggregateId: string, payload: unknown) => {
    written.push({ def, aggregateId, payload: def.payload.parse(payload) });
    return 'event-id';
  }) as Emit;
  return { emit, written };
}

describe('auditChanges', () => {
  test('lists only the fields that differ, as [before, after], dates as ISO instants', () => {
    const at = new Date('2026-11-27T08:00:00Z');
    expect(
      auditChanges(
        { name: 'Acme', city: 'Wichita', zone: null, updated_at: null },
        { name: 'Acme Blinds', city: 'Wichita', zone: 'North', updated_at: at },
      ),
    ).toEqual({
      name: ['Acme', 'Acme Blinds'],
      zone: [null, 'North'],
      updated_at: [null, '2026-11-27T08:00:00.000Z'],
    });
  });

  test('a created record lists its set fields from null; a deleted one its last values to null', () => {
    expect(auditChanges(null, { name: 'Acme', phone: null })).toEqual({ name: [null, 'Acme'] });
    expect(auditChanges({ name: 'Acme' }, null)).toEqual({ name: ['Acme', null] });
  });

  test('a changed secret is listed without its values; an unchanged one not at all', () => {
    expect(auditChanges({ smtp_password: 'old', sender: 'a' }, { smtp_password: 'new', sender: 'a' })).toEqual({
      smtp_password: [AUDIT_REDACTED, AUDIT_REDACTED],
    });
    expect(auditChanges({ password: 'same' }, { password: 'same' })).toEqual({});
  });

  test('nested values compare by content', () => {
    expect(auditChanges({ zones: ['A', 'B'] }, { zones: ['A', 'B'] })).toEqual({});
    expect(auditChanges({ tiers: [{ at: 1 }] }, { tiers: [{ at: 2 }] })).toEqual({ tiers: [[{ at: 1 }], [{ at: 2 }]] });
  });
});

describe('recordAudit', () => {
  test('in a request: the verified caller and the request id are the actor and request_id', async () => {
    const { emit, written } = recordingEmit();
    await requestContext.run({ requestId: 'req-42', user: { email: 'admin@example.com', role: 'admin' } }, () =>
      recordAudit(emit, {
        action: 'dealer.updated',
        entity: 'dealer',
        entity_id: 17,
        before: { phone: '555-0100' },
        after: { phone: '555-0199' },
      }),
    );
    expect(written).toHaveLength(1);
    expect(written[0]?.def).toBe(AuditRecorded);
    expect(written[0]?.aggregateId).toBe('17');
    const record = AuditRecord.parse(written[0]?.payload);
    expect(record).toMatchObject({
      actor_email: 'admin@example.com',
      actor_role: 'admin',
      action: 'dealer.updated',
      entity: 'dealer',
      entity_id: '17',
      changes: { phone: ['555-0100', '555-0199'] },
      request_id: 'req-42',
    });
    expect(Number.isNaN(Date.parse(record.at))).toBe(false);
  });

  test('outside a request the actor is the system unless one is named', async () => {
    const { emit, written } = recordingEmit();
    await recordAudit(emit, {
      action: 'order.status_changed',
      entity: 'order',
      entity_id: 'o-1',
      before: { status: 'a' },
      after: { status: 'b' },
    });
    await recordAudit(emit, {
      action: 'order.status_changed',
      entity: 'order',
      entity_id: 'o-1',
      before: { status: 'b' },
      after: { status: 'c' },
      actor: { email: 'driver@example.com', role: 'delivery' },
    });
    expect(written.map((w) => AuditRecord.parse(w.payload)).map((r) => [r.actor_email, r.request_id])).toEqual([
      [null, null],
      ['driver@example.com', null],
    ]);
  });

  test('an update that changed nothing records nothing; an action without before/after is recorded', async () => {
    const { emit, written } = recordingEmit();
    await recordAudit(emit, {
      action: 'dealer.updated',
      entity: 'dealer',
      entity_id: '1',
      before: { a: 1 },
      after: { a: 1 },
    });
    expect(written).toHaveLength(0);
    await recordAudit(emit, { action: 'user.sessions_ended', entity: 'user', entity_id: 'u@example.com' });
    expect(written).toHaveLength(1);
    expect(AuditRecord.parse(written[0]?.payload).changes).toEqual({});
  });
});
