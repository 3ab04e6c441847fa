import type { EntityManager } from 'typeorm';
import type { PlannedTier, TierRule } from '../domain/tiers';

export interface ProgramRecord {
  id: string;
  program_name: string;
  /** YYYY-MM-DD */
  start_date: string;
  end_date: string;
  enabled: boolean;
  tiers: TierRule[];
}

export interface ProgramFields {
  program_name: string;
  start_date: string;
  end_date: string;
  enabled: boolean;
}

/** Programs with their tiers (in position order) built by PostgreSQL in one statement. */
const SELECT_PROGRAMS = `SELECT p.id, p.program_name, p.start_date::text AS start_date, p.end_date::text AS end_date,
    p.enabled, coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'metric', t.metric,
        'value', t.threshold, 'reward', t.reward, 'notify_dealer', t.notify_dealer) ORDER BY t.position)
      FROM tiers t WHERE t.program_id = p.id), '[]') AS tiers
  FROM programs p`;

const fromRow = (row: ProgramRecord): ProgramRecord => ({
  ...row,
  tiers: row.tiers.map((tier) => ({ ...tier, value: Number(tier.value) })),
});

/** Every program, newest first. */
export async function listProgramRows(manager: EntityManager): Promise<ProgramRecord[]> {
  const rows: ProgramRecord[] = await manager.query(`${SELECT_PROGRAMS} ORDER BY p.created_at DESC, p.id`);
  return rows.map(fromRow);
}

/** The enabled programs among `ids` (all enabled programs without ids). */
export async function enabledPrograms(manager: EntityManager, ids?: readonly string[]): Promise<ProgramRecord[]> {
  const rows: ProgramRecord[] = ids
    ? await manager.query(`${SELECT_PROGRAMS} WHERE p.enabled AND p.id = ANY($1::uuid[])`, [ids])
    : await manager.query(`${SELECT_PROGRAMS} WHERE p.enabled`);
  return rows.map(fromRow);
}

/** The enabled programs whose dates include `day` (YYYY-MM-DD), ending soonest first. */
export async function runningPrograms(manager: EntityManager, day: string): Promise<ProgramRecord[]> {
  const rows: ProgramRecord[] = await manager.query(
    `${SELECT_PROGRAMS} WHERE p.enabled AND $1::date BETWEEN p.start_date AND p.end_date
     ORDER BY p.end_date, p.program_name, p.id`,
    [day],
  );
  return rows.map(fromRow);
}

export async function findProgram(manager: EntityManager, id: string): Promise<ProgramRecord | null> {
  const rows: ProgramRecord[] = await manager.query(`${SELECT_PROGRAMS} WHERE p.id = $1`, [id]);
  return rows[0] ? fromRow(rows[0]) : null;
}

export async function insertProgram(manager: EntityManager, id: string, fields: ProgramFields): Promise<void> {
  await manager.query(
    'INSERT INTO programs (id, program_name, start_date, end_date, enabled) VALUES ($1, $2, $3, $4, $5)',
    [id, fields.program_name, fields.start_date, fields.end_date, fields.enabled],
  );
}

/** Changes a program's fields; answers its tier ids (locked with it), or null when there is no such program. */
export async function updateProgramRow(
  manager: EntityManager,
  id: string,
  fields: ProgramFields,
): Promise<string[] | null> {
  const [rows]: [{ id: string }[], number] = await manager.query(
    `UPDATE programs SET program_name = $2, start_date = $3, end_date = $4, enabled = $5, updated_at = clock_timestamp()
     WHERE id = $1 RETURNING id`,
    [id, fields.program_name, fields.start_date, fields.end_date, fields.enabled],
  );
  if (!rows.length) return null;
  const tiers: { id: string }[] = await manager.query('SELECT id FROM tiers WHERE program_id = $1 FOR UPDATE', [id]);
  return tiers.map((tier) => tier.id);
}

/** Makes the program's tiers exactly `planned`: kept tiers are updated, new ones get `newId()`, others go. */
export async function replaceTiers(
  manager: EntityManager,
  programId: string,
  planned: readonly PlannedTier[],
  newId: () => string,
): Promise<void> {
  const rows = planned.map((tier) => ({ ...tier, id: tier.keepId ?? newId() }));
  await manager.query('DELETE FROM tiers WHERE program_id = $1 AND NOT (id = ANY($2::uuid[]))', [
    programId,
    rows.map((row) => row.id),
  ]);
  await manager.query(
    `INSERT INTO tiers (id, program_id, position, name, metric, threshold, reward, notify_dealer)
     SELECT v.id, $1, v.position, v.name, v.metric, v.threshold, v.reward, v.notify_dealer
     FROM unnest($2::uuid[], $3::int[], $4::text[], $5::text[], $6::numeric[], $7::text[], $8::boolean[])
       AS v(id, position, name, metric, threshold, reward, notify_dealer)
     ON CONFLICT (id) DO UPDATE SET position = EXCLUDED.position, name = EXCLUDED.name, metric = EXCLUDED.metric,
       threshold = EXCLUDED.threshold, reward = EXCLUDED.reward, notify_dealer = EXCLUDED.notify_dealer`,
    [
      programId,
      rows.map((row) => row.id),
      rows.map((row) => row.position),
      rows.map((row) => row.name),
      rows.map((row) => row.metric),
      rows.map((row) => String(row.value)),
      rows.map((row) => row.reward),
      rows.map((row) => row.notify_dealer),
    ],
  );
}

/** Deletes a program with its tiers and achievements; answers whether there was one. */
export async function deleteProgramRow(manager: EntityManager, id: string): Promise<boolean> {
  const [, count]: [unknown, number] = await manager.query('DELETE FROM programs WHERE id = $1', [id]);
  return count > 0;
}

export async function setProgramEnabled(manager: EntityManager, id: string, enabled: boolean): Promise<boolean> {
  const [, count]: [unknown, number] = await manager.query(
    'UPDATE programs SET enabled = $2, updated_at = clock_timestamp() WHERE id = $1',
    [id, enabled],
  );
  return count > 0;
}
