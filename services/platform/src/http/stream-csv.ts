import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import type { Pool, PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { attachmentDisposition } from '../storage/content-disposition';
import { SENT } from './handler';

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first: CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as an export writes it: with a leading apostrophe when a spreadsheet would run it, so it opens as text. */
export const inertCsvCell = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

export type CsvCell = string | number | null | undefined;

/** One CSV download read from the database: what to read, in which order, and how each row is written. */
export interface CsvExport<Row> {
  /** the download's file name */
  filename: string;
  /** the statement reading every row of the export, in its order, and its parameters */
  sql: string;
  params: readonly unknown[];
  /** the header record */
  header: readonly string[];
  /** a row as its record: the cells in the header's order (text cells made inert by the caller, see inertCsvCell) */
  record: (row: Row) => readonly CsvCell[];
}

export interface StreamCsvOptions {
  /** the rows read from the cursor at a time: what memory holds, never the whole list */
  batchSize?: number;
  /** where a download cut short after its first bytes is told (it can no longer become an error answer) */
  logger?: Pick<Logger, 'warn'>;
}

/** The CSV every export writes: UTF-8 with a byte-order mark, a header record, every cell quoted, CRLF records. */
const CSV_OPTIONS = { bom: true, header: true, quoted: true, quoted_empty: true, record_delimiter: 'windows' } as const;

/** `attachment; filename="..."` for a plain ASCII name; the RFC 6266 form with `filename*` for any other. */
const dispositionOf = (filename: string) =>
  /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(filename)
    ? `attachment; filename="${filename}"`
    : attachmentDisposition(filename);

const EXPORT_HEADERS = ['Content-Type', 'Content-Disposition', 'X-Content-Type-Options'];

/**
 * Answers a CSV download streamed from a database cursor (pg-query-stream → the record mapper → csv-stringify →
 * the response) with back-pressure: memory holds a batch, not the list, and the cursor reads on only as fast as
 * the client takes the bytes. The connection is checked out of the DataSource's pool for the stream and given
 * back at its end; after a failure or a client that went away (the cursor may be mid-read) it is discarded.
 *
 * A failure before the first byte (the connection, the statement) is thrown, so it answers as any error does; a
 * failure after it can only cut the download short (logged, the response destroyed). Answers SENT for the
 * handler to return.
 */
export async function streamCsv<Row>(
  db: DataSource,
  res: Response,
  csv: CsvExport<Row>,
  options: StreamCsvOptions = {},
): Promise<typeof SENT> {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', dispositionOf(csv.filename));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  let client: PoolClient | undefined;
  let failure: unknown;
  try {
    // TypeORM's postgres driver keeps node-postgres' pool as its master
    client = await ((db.driver as unknown as { master: Pool }).master.connect() as Promise<PoolClient>);
    const rows = client.query(new QueryStream(csv.sql, [...csv.params], { batchSize: options.batchSize ?? 500 }));
    rows.on('error', () => undefined); // told to the pipeline; a late one (closing a cursor cut short) is moot
    // a client that goes away stops the cursor at once, not at its next batch
    const stop = () => {
      if (!res.writableFinished) rows.destroy(new Error('the client closed the connection'));
    };
    res.once('close', stop);
    try {
      await pipeline(
        rows,
        async function* toRecords(source: AsyncIterable<Row>) {
          for await (const row of source) yield csv.record(row);
        },
        stringify({ ...CSV_OPTIONS, columns: [...csv.header] }),
        (bytes: AsyncIterable<Buffer>) => writeTo(res, bytes),
      );
    } finally {
      res.off('close', stop);
    }
  } catch (err) {
    failure = err;
  } finally {
    client?.release(failure === undefined ? undefined : true);
  }
  if (failure === undefined) return SENT;
  if (!res.headersSent && !res.destroyed) {
    for (const name of EXPORT_HEADERS) res.removeHeader(name);
    throw failure;
  }
  options.logger?.warn({ err: (failure as Error).message, file: csv.filename }, 'a CSV export ended early');
  res.destroy();
  return SENT;
}

/**
 * Writes the bytes to the response as fast as the client takes them (waits for 'drain' when its buffer is full),
 * then ends it. Not a pipeline stage of its own: a failure before the first byte leaves the response whole, to
 * answer the error.
 */
async function writeTo(res: Response, bytes: AsyncIterable<Buffer>): Promise<void> {
  for await (const chunk of bytes) {
    if (res.destroyed) throw new Error('the client closed the connection');
    if (!res.write(chunk)) await drained(res);
  }
  res.end();
}

/** Resolves on the response's 'drain'; rejects when it closes first (the client went away). */
async function drained(res: Response): Promise<void> {
  const waiting = new AbortController();
  try {
    await Promise.race([
      once(res, 'drain', { signal: waiting.signal }),
      once(res, 'close', { signal: waiting.signal }).then(() => {
        throw new Error('the client closed the connection');
      }),
    ]);
  } finally {
    waiting.abort();
  }
}
