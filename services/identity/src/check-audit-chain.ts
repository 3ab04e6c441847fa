/**
 * The audit log's chain check: `DATABASE_URL=… node services/identity/dist/check-audit-chain.js` (or
 * `make audit-check`). Reads identity's schema with any role that may SELECT it, recomputes every hash in id
 * order and exits 0 with "audit log intact: N entries", or 1 naming the first broken entry (2 when it cannot
 * read the log).
 */
import { DataSource } from 'typeorm';
import { checkAuditChain, describeChainCheck } from './use-cases/audit/check-chain';

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is required (the identity database)');
    return 2;
  }
  const db = new DataSource({ type: 'postgres', url, extra: { max: 1, options: '-c search_path=identity' } });
  await db.initialize();
  try {
    const result = await checkAuditChain(db.manager);
    (result.intact ? console.log : console.error)(describeChainCheck(result));
    return result.intact ? 0 : 1;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`audit log check failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 2;
  },
);
