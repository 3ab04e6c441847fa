import type { LocatedDealer, MapDealer } from '@portal/contracts';
import type { DataSource } from 'typeorm';
import { locatorChangesSince } from '../data/dealers';
import { currentLocatorVersion } from '../data/locator-version';
import { greatCircleMiles, milesToKm, roundMiles } from '../domain/distance';

type KDBushClass = typeof import('kdbush', { with: { 'resolution-mode': 'import' }}).default;
type Around = typeof import('geokdbush', { with: { 'resolution-mode': 'import' }}).around;

interface Entry {
  lat: number;
  lng: number;
  category: string;
  dealer: MapDealer;
}

export interface NearestOptions {
  limit: number;
  radiusMiles?: number;
  category?: string;
}

/**
 * The locator's index: the active dealers with coordinates in a static k-d tree (kdbush), searched by
 * great-circle distance (geokdbush). Every replica keeps its own and keeps it right: before a search it reads
 * the locator version (one row) and, when it moved, reads the dealers changed since the version it has (see
 * data/locator-version.ts), so a dealer archived through any replica leaves every replica's answers at once.
 * The tree is rebuilt lazily, on the first search after a change (100,000 dealers: tens of milliseconds).
 */
export class LocatorIndex {
  private version = -1;
  private readonly entries = new Map<string, Entry>();
  private tree: { index: InstanceType<KDBushClass>; items: Entry[] } | undefined;
  private catchingUp: Promise<void> | undefined;

  private constructor(
    private readonly db: DataSource,
    private readonly KDBush: KDBushClass,
    private readonly around: Around,
  ) {}

  static async create(db: DataSource): Promise<LocatorIndex> {
    const [{ default: KDBush }, { around }] = await Promise.all([import('kdbush'), import('geokdbush')]);
    return new LocatorIndex(db, KDBush, around);
  }

  /** Brings the index up to the committed locator version; answers that version. */
  async fresh(): Promise<number> {
    const committed = await currentLocatorVersion(this.db.manager);
    while (this.version < committed) {
      this.catchingUp ??= this.catchUp().finally(() => {
        this.catchingUp = undefined;
      });
      await this.catchingUp;
    }
    return this.version;
  }

  private async catchUp(): Promise<void> {
    const target = await currentLocatorVersion(this.db.manager);
    const rows = await locatorChangesSince(this.db.manager, this.version);
    for (const row of rows) {
      if (row.visible && row.lat !== null && row.lng !== null)
        this.entries.set(row.dealer_id, { lat: row.lat, lng: row.lng, category: row.category, dealer: row.dealer });
      else this.entries.delete(row.dealer_id);
    }
    if (rows.length || this.version < 0) this.tree = undefined;
    this.version = Math.max(this.version, target);
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Every dealer in the index (active, with coordinates), by dealer id, and the version they are of: read
   * together, with no wait between, so what is built from them is labelled with the version it shows.
   */
  placed(): { version: number; dealers: MapDealer[] } {
    const dealers = [...this.entries.values()].map((entry) => entry.dealer);
    dealers.sort((a, b) => (a.dealer_id < b.dealer_id ? -1 : a.dealer_id > b.dealer_id ? 1 : 0));
    return { version: this.version, dealers };
  }

  private built() {
    if (!this.tree) {
      const items = [...this.entries.values()];
      const index = new this.KDBush(items.length);
      for (const item of items) index.add(item.lng, item.lat);
      index.finish();
      this.tree = { index, items };
    }
    return this.tree;
  }

  /**
   * The closest dealers to a point, nearest first, with distances in miles (one decimal); with a radius, only
   * those within it, and `nearest` the closest one beyond it when none is within.
   */
  nearest(lat: number, lng: number, opts: NearestOptions): { dealers: LocatedDealer[]; nearest: LocatedDealer | null } {
    const { index, items } = this.built();
    if (items.length === 0) return { dealers: [], nearest: null };
    const predicate = opts.category ? (i: number) => items[i]?.category === opts.category : undefined;
    const located = (i: number): LocatedDealer => {
      const item = items[i] as Entry;
      return { ...item.dealer, distance: roundMiles(greatCircleMiles(lat, lng, item.lat, item.lng)) };
    };
    const maxKm = opts.radiusMiles === undefined ? Number.POSITIVE_INFINITY : milesToKm(opts.radiusMiles);
    const within = this.around(index, lng, lat, opts.limit, maxKm, predicate).map(located);
    if (within.length || opts.radiusMiles === undefined) return { dealers: within, nearest: null };
    const [closest] = this.around(index, lng, lat, 1, Number.POSITIVE_INFINITY, predicate);
    return { dealers: [], nearest: closest === undefined ? null : located(closest) };
  }
}
