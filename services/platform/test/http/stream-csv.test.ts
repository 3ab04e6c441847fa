/**
 * streamCsv: a CSV download streamed from a database cursor with back-pressure; the connection goes back to the
 * pool at the end, and is discarded after a failure or a client that went away.
 */
import { once } from 'node:events';
import { get as httpGet, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CsvExport, streamCsv } from '@portal/platform';
import { createTestDatabase, eventually, type TestDatabase } from '@portal/platform/testing';
import express from 'express';
import type { Pool } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';

let db: TestDatabase;
let dataSource: DataSource;
let server: Server;
let base: string;

interface Row {
  n: number;
  label: string | null;
}

const exports: Record<string, CsvExport<Row>> = {
  small: {
    filename: 'numbers.csv',
    sql: `SELECT n, CASE WHEN n % 3 = 0 THEN NULL WHEN n = 2 THEN '=SUM(A1)' ELSE 'row "' || n || '"' END AS label
      FROM generate_series(1, $1::int) n ORDER BY n DESC`,
    params: [5],
    header: ['N', 'Label'],
    record: (row) => [row.n, row.label === null ? '' : row.label.replace(/^=/, "'=")],
  },
  many: {
    filename: 'Zahlen – März.csv',
    sql: "SELECT n, 'row ' || n AS label FROM generate_series(1, 20000) n ORDER BY n",
    params: [],
    header: ['N', 'Label'],
    record: (row) => [row.n, row.label],
  },
  endless: {
    filename: 'endless.csv',
    // generate_series in the select list streams its rows (in FROM it would build them all first)
    sql: "SELECT n, repeat('x', 200) AS label FROM (SELECT generate_series(1, 50000000) AS n) s",
    params: [],
    header: ['N', 'Label'],
    record: (row) => [row.n, row.label],
  },
  failing: {
    filename: 'failing.csv',
    sql: 'SELECT n, (1 / (n - 1))::text AS label FROM generate_series(1, 3) n',
    params: [],
    header: ['N', 'Label'],
    record: (row) => [row.n, row.label],
  },
};

const pool = () => (dataSource.driver as unknown as { master: Pool }).master;
/** the pool's connections checked out (none once a download ended, however it ended) */
const checkedOut = () => pool().totalCount - pool().idleCount;

beforeAll(async () => {
  db = await createTestDatabase('stream_csv');
  dataSource = new DataSource({ type: 'postgres', url: db.url });
  await dataSource.initialize();
  const app = express();
  app.get('/csv/:name', async (req, res) => {
    try {
      await streamCsv(dataSource, res, exports[req.params.name]!, { batchSize: 100 });
    } catch (err) {
      res.status(500).json({ detail: (err as Error).message });
    }
  });
  server = app.listen(0);
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.close();
  await dataSource?.destroy();
  await db?.drop();
});

const text = (path: string) =>
  request(base)
    .get(path)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
    });

test('When rows are read, Then a CSV attachment with a byte-order mark, a header, every cell quoted and CRLF records, in the order of the statement', async () => {
  const res = await text('/csv/small');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe('attachment; filename="numbers.csv"');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.body).toBe(
    '\uFEFF"N","Label"\r\n"5","row ""5"""\r\n"4","row ""4"""\r\n"3",""\r\n"2","\'=SUM(A1)"\r\n"1","row ""1"""\r\n',
  );
  expect(checkedOut()).toBe(0);
});

test('When the list is longer than many batches, Then every row arrives once, in order; a name beyond ASCII is told with filename*', async () => {
  const res = await text('/csv/many');
  expect(res.headers['content-disposition']).toBe(
    `attachment; filename="Zahlen _ M_rz.csv"; filename*=UTF-8''Zahlen%20%E2%80%93%20M%C3%A4rz.csv`,
  );
  const lines = (res.body as string).split('\r\n');
  expect(lines).toHaveLength(20002); // the header, 20000 rows, the final CRLF
  expect(lines[1]).toBe('"1","row 1"');
  expect(lines[20000]).toBe('"20000","row 20000"');
  expect(checkedOut()).toBe(0);
});

test('When the statement fails before the first byte, Then an error answer without the download headers, and the connection is not kept', async () => {
  const res = await request(base).get('/csv/failing');
  expect(res.status).toBe(500);
  expect(res.body.detail).toMatch(/division by zero/);
  expect(res.headers['content-disposition']).toBeUndefined();
  await eventually(() => expect(checkedOut()).toBe(0));
  expect((await dataSource.query('SELECT 1 AS one'))[0].one).toBe(1);
});

test('When the client goes away mid-download, Then the cursor stops and the connection leaves the pool', async () => {
  const response = await new Promise<IncomingMessage>((resolve, reject) =>
    httpGet(`${base}/csv/endless`, resolve).on('error', reject),
  );
  expect(response.statusCode).toBe(200);
  // the client reads a first chunk, then stops reading: the server waits for it (back-pressure), then it leaves
  await once(response, 'data');
  response.pause();
  await eventually(() => expect(checkedOut()).toBe(1));
  response.destroy();
  await eventually(() => expect(checkedOut()).toBe(0));
  // the backend that ran the cursor is gone: no query of it is left running
  await eventually(async () => {
    const running = (await dataSource.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND query LIKE '%50000000%' AND pid <> pg_backend_pid()",
      [db.name],
    )) as { n: number }[];
    expect(running[0]!.n).toBe(0);
  });
});
