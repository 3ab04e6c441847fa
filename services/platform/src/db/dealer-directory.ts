import type { DealerSnapshot, EventEnvelope, PayloadOfType } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { guardedUpsertSql, newestByKey, type ReadModelWrite } from './read-models';

/**
 * A service's copy of the dealer service's dealers, kept from dealer.created / updated / archived / restored /
 * deleted. Events may arrive out of order, twice, or in one batch, and every service must end with the state
 * in-order delivery leaves, so the rule lives here once:
 * - the fields (created/updated) and the archived flag (archived/restored) are two aspects, each kept with the
 *   time of the event it came from (`fields_changed_at`, `archived_changed_at`); an event older than the kept
 *   aspect changes nothing (a late dealer.updated does not undo a newer archive, nor a late archive a restore);
 * - deletion is final: a tombstone row (`deleted`) stays, so a late created/updated/restored cannot bring the
 *   dealer back; its last fields are kept (for the history that refers to it);
 * - the same event twice writes the same values again.
 * A row may exist before its fields (an archive that arrived first): its fields are null until they come.
 */

/** A field a service may keep: a key of the contract's dealer snapshot. */
export type DealerField = Exclude<keyof DealerSnapshot, 'dealer_id'>;

export type DealerEventType =
  | 'dealer.created'
  | 'dealer.updated'
  | 'dealer.archived'
  | 'dealer.restored'
  | 'dealer.deleted';
type SnapshotEventType = 'dealer.created' | 'dealer.updated';

/** Any of the five dealer events, as a consumer receives it. */
export type DealerEvent = {
  [T in DealerEventType]: EventEnvelope<PayloadOfType<T>> & { type: T };
}[DealerEventType];

/** A kept dealer: the chosen fields (null until an event carried them), whether it is archived or deleted. */
export type KnownDealer<F extends DealerField> = { dealer_id: string; archived: boolean; deleted: boolean } & {
  [K in F]: DealerSnapshot[K] | null;
};

/** What one application of dealer events changed; an event older than what was kept is not in it. */
export interface DealerChanges<F extends DealerField> {
  /** dealers whose kept fields were replaced, with the fields and the event that carried them */
  fields: { dealer: Pick<DealerSnapshot, 'dealer_id' | F>; event: SnapshotEventType }[];
  /** dealers whose archived flag was written (archived: true by dealer.archived, false by dealer.restored) */
  archived: { dealer_id: string; archived: boolean }[];
  /** dealers deleted now (not those deleted before) */
  deleted: string[];
}

/** The least a hook and the consumers need of the consumer's context: its transaction. */
export interface DirectoryContext {
  manager: EntityManager;
}

export interface DealerDirectoryOptions<F extends DealerField, Ctx extends DirectoryContext, B = void> {
  /** the read model's table, keyed by `dealer_id` */
  table: string;
  /** the snapshot fields this service keeps */
  fields: readonly F[];
  /**
   * Work in the same transaction before the directory's writes, whatever they will change: taking a lock that
   * other writers of the table take before its rows (so the two cannot deadlock). Its answer goes to onChange.
   */
  before?: (ctx: Ctx) => Promise<B>;
  /**
   * More work in the same transaction, after the directory's writes, given what they changed (so a stale or
   * repeated event triggers nothing): disabling a login, geocoding a new address. Not called when nothing changed.
   */
  onChange?: (changes: DealerChanges<F>, ctx: Ctx, before: B) => Promise<void>;
}

type EventOf<T extends DealerEventType> = EventEnvelope<PayloadOfType<T>>;
type Batch<Ctx> = { [T in DealerEventType]: (events: EventOf<T>[], ctx: Ctx) => Promise<void> };

export interface DealerDirectory<F extends DealerField, Ctx extends DirectoryContext> {
  /** the table's columns for a migration: see dealerDirectoryColumns */
  readonly columns: readonly string[];
  /** `CREATE TABLE` of the read model with only the directory's columns */
  readonly createTableSql: string;
  /**
   * The batch consumers of the five dealer events (one function, so events of the five types that arrive
   * together share a batch, in delivery order): spread them into the service's `batchConsumers`. A lone event
   * is applied as a batch of one, so no per-event consumer is needed.
   */
  readonly batchConsumers: Batch<Ctx>;
  /** applies dealer events (any types, any order) in the context's transaction; answers what changed */
  apply(events: readonly DealerEvent[], ctx: Ctx): Promise<DealerChanges<F>>;
}

const SNAPSHOT_EVENTS: ReadonlySet<string> = new Set<SnapshotEventType>(['dealer.created', 'dealer.updated']);

/**
 * The read model's columns for a migration (`CREATE TABLE t (${columns.join(', ')}, ...own columns)`, or
 * `ADD COLUMN` of the ones an older table lacks): the key, the chosen fields (text, as the contract's snapshot
 * types them; null until known), the aspects' times, the archived and deleted flags.
 */
export function dealerDirectoryColumns(fields: readonly DealerField[]): string[] {
  return [
    'dealer_id text PRIMARY KEY',
    ...fields.map((name) => `${name} text`),
    'fields_changed_at timestamptz',
    'archived boolean NOT NULL DEFAULT false',
    'archived_changed_at timestamptz',
    'deleted boolean NOT NULL DEFAULT false',
  ];
}

/** The one dealer read model of a service: see the top of this file. */
export function dealerDirectory<F extends DealerField, Ctx extends DirectoryContext = DirectoryContext, B = void>(
  options: DealerDirectoryOptions<F, Ctx, B>,
): DealerDirectory<F, Ctx> {
  const { table, fields, before, onChange } = options;
  const fieldsWrite: ReadModelWrite = { table, key: 'dealer_id', changedAt: 'fields_changed_at', columns: fields };
  const archivedWrite: ReadModelWrite = {
    table,
    key: 'dealer_id',
    changedAt: 'archived_changed_at',
    columns: ['archived'],
  };
  const columns = dealerDirectoryColumns(fields);

  async function saveFields(
    manager: EntityManager,
    events: readonly DealerEvent[],
  ): Promise<DealerChanges<F>['fields']> {
    const snapshots = events.filter((e): e is DealerEvent & { type: SnapshotEventType } => SNAPSHOT_EVENTS.has(e.type));
    const newest = sortedNewest(snapshots, (e) => e.payload.dealer_id);
    if (!newest.length) return [];
    const arrays = ['text', 'timestamptz', ...fields.map(() => 'text')].map((type, i) => `$${i + 1}::${type}[]`);
    const rows: { dealer_id: string }[] = await manager.query(
      `${guardedUpsertSql(fieldsWrite, `SELECT * FROM unnest(${arrays.join(', ')})`)} RETURNING dealer_id`,
      [
        newest.map((e) => e.payload.dealer_id),
        newest.map((e) => e.occurredAt),
        ...fields.map((name) => newest.map((e) => e.payload[name] ?? null)),
      ],
    );
    const applied = new Set(rows.map((row) => row.dealer_id));
    return newest
      .filter((e) => applied.has(e.payload.dealer_id))
      .map((e) => ({
        dealer: Object.fromEntries([
          ['dealer_id', e.payload.dealer_id],
          ...fields.map((name) => [name, e.payload[name]]),
        ]) as Pick<DealerSnapshot, 'dealer_id' | F>,
        event: e.type,
      }));
  }

  async function saveArchived(manager: EntityManager, events: readonly DealerEvent[]) {
    const flags = events.filter((e) => e.type === 'dealer.archived' || e.type === 'dealer.restored');
    const newest = sortedNewest(flags, (e) => e.payload.dealer_id);
    if (!newest.length) return [];
    const rows: { dealer_id: string; archived: boolean }[] = await manager.query(
      `${guardedUpsertSql(archivedWrite, 'SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::bool[])')}
       RETURNING dealer_id, archived`,
      [
        newest.map((e) => e.payload.dealer_id),
        newest.map((e) => e.occurredAt),
        newest.map((e) => e.type === 'dealer.archived'),
      ],
    );
    return rows;
  }

  async function saveDeleted(manager: EntityManager, events: readonly DealerEvent[]): Promise<string[]> {
    const ids = [...new Set(events.filter((e) => e.type === 'dealer.deleted').map((e) => e.payload.dealer_id))].sort();
    if (!ids.length) return [];
    // a tombstone when the dealer was never heard of, so no late event can bring it back; no time guard
    const rows: { dealer_id: string }[] = await manager.query(
      `INSERT INTO ${table} AS kept (dealer_id, deleted) SELECT unnest($1::text[]), true
       ON CONFLICT (dealer_id) DO UPDATE SET deleted = true WHERE NOT kept.deleted
       RETURNING dealer_id`,
      [ids],
    );
    return rows.map((row) => row.dealer_id);
  }

  async function apply(events: readonly DealerEvent[], ctx: Ctx): Promise<DealerChanges<F>> {
    const prepared = (await before?.(ctx)) as B;
    const changes: DealerChanges<F> = {
      fields: await saveFields(ctx.manager, events),
      archived: await saveArchived(ctx.manager, events),
      deleted: await saveDeleted(ctx.manager, events),
    };
    if (onChange && (changes.fields.length || changes.archived.length || changes.deleted.length))
      await onChange(changes, ctx, prepared);
    return changes;
  }

  const applyMany = async (events: EventEnvelope[], ctx: Ctx) => {
    await apply(events as DealerEvent[], ctx);
  };

  return {
    columns,
    createTableSql: `CREATE TABLE ${table} (${columns.join(', ')})`,
    batchConsumers: {
      'dealer.created': applyMany,
      'dealer.updated': applyMany,
      'dealer.archived': applyMany,
      'dealer.restored': applyMany,
      'dealer.deleted': applyMany,
    },
    apply,
  };
}

/**
 * Each dealer's newest event (the later of equal times wins: delivery order), in dealer order: one statement
 * may not write a row twice, and batches touching the same rows lock them in the same order.
 */
function sortedNewest<E extends { occurredAt: string }>(events: readonly E[], keyOf: (event: E) => string): E[] {
  return [...newestByKey(events, keyOf, (e) => e.occurredAt).values()].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
}
