import type { EntityManager } from 'typeorm';

/**
 * How many rows a big list holds, per combination of a few low-cardinality columns (a status, a state, a zone),
 * kept by statement triggers in the writing transaction: the `total` of a page of the whole list, or of a list
 * filtered only by those columns, is a sum over a handful of rows instead of a count over a million (issue 18).
 *
 * A writing transaction adds to its own slot (its transaction id modulo `SLOTS`), so concurrent writers rarely
 * wait for one another, and each statement updates its rows in key order. Counts are exact: they move in the
 * transaction that moves the rows, and roll back with it.
 */
export interface RowCountsSpec {
  /** the counted table */
  table: string;
  /** the table of counts the migration creates */
  counts: string;
  /** the columns counted by (each may be null) */
  columns: readonly string[];
}

const SLOTS = 16;

const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain SQL name: ${name}`);
  return name;
};

/** The statements of a migration that creates the counts of `spec` (filled from the table as it is) and their triggers. */
export function rowCountsUp(spec: RowCountsSpec): string[] {
  const table = ident(spec.table);
  const counts = ident(spec.counts);
  const columns = spec.columns.map(ident);
  const list = columns.join(', ');
  const fn = `${counts}_move`;
  const apply = (changes: string) => `
        INSERT INTO ${counts} AS c (slot, ${list}, n)
        SELECT (txid_current() % ${SLOTS})::smallint, ${list}, sum(delta)
        FROM (${changes}) changes GROUP BY ${list} HAVING sum(delta) <> 0
        ORDER BY ${list}
        ON CONFLICT (slot, ${list}) DO UPDATE SET n = c.n + excluded.n;`;
  return [
    `CREATE TABLE ${counts} (slot smallint NOT NULL, ${columns.map((c) => `${c} text`).join(', ')}, n bigint NOT NULL,
      CONSTRAINT ${counts}_key UNIQUE NULLS NOT DISTINCT (slot, ${list}))`,
    `INSERT INTO ${counts} (slot, ${list}, n) SELECT 0, ${list}, count(*) FROM ${table} GROUP BY ${list}`,
    `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${apply(`SELECT ${list}, 1 AS delta FROM new_rows`)}
        ELSIF TG_OP = 'UPDATE' THEN
          ${apply(`SELECT ${list}, 1 AS delta FROM new_rows UNION ALL SELECT ${list}, -1 FROM old_rows`)}
        ELSE
          ${apply(`SELECT ${list}, -1 AS delta FROM old_rows`)}
        END IF;
        RETURN NULL;
      END $$`,
    `CREATE TRIGGER ${counts}_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    `CREATE TRIGGER ${counts}_update AFTER UPDATE ON ${table}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    `CREATE TRIGGER ${counts}_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
  ];
}

/** The statements that undo `rowCountsUp`. */
export function rowCountsDown(spec: RowCountsSpec): string[] {
  const table = ident(spec.table);
  const counts = ident(spec.counts);
  return [
    ...['insert', 'update', 'delete'].map((op) => `DROP TRIGGER ${counts}_${op} ON ${table}`),
    `DROP FUNCTION ${counts}_move()`,
    `DROP TABLE ${counts}`,
  ];
}

/**
 * How many rows have, for each column named in `filter`, one of its values (a column left out counts every
 * value; an empty list of values matches nothing).
 */
export async function countRows(
  manager: EntityManager,
  spec: RowCountsSpec,
  filter: Readonly<Record<string, readonly string[] | undefined>>,
): Promise<number> {
  const where: string[] = [];
  const params: unknown[] = [];
  for (const [column, values] of Object.entries(filter)) {
    if (values === undefined) continue;
    if (!spec.columns.includes(column)) throw new Error(`${spec.counts} does not count by ${column}`);
    params.push(values);
    where.push(`${ident(column)} = ANY($${params.length}::text[])`);
  }
  const rows: { n: string }[] = await manager.query(
    `SELECT coalesce(sum(n), 0)::bigint AS n FROM ${ident(spec.counts)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
}
