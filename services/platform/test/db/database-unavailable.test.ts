/**
 * Which failures mean "the database is not there right now" (a request answered 503, an event retried without
 * spending an attempt) and which are the query's own fault.
 */
import { QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { isDatabaseUnavailable } from '../../src/db/unavailable';

const queryFailed = (driverError: object) => Object.assign(new Error('query failed'), { driverError });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['an administrator shutdown', queryFailed({ code: '57P01', message: 'terminating connection' })],
    ['a connection exception class code', queryFailed({ code: '08006', message: 'connection failure' })],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    // node-postgres, when a pooled client whose server went away is used again during a restart
    ['a client closed by the restart', queryFailed(new Error('Client was closed and is not queryable'))],
    ['a server starting up', new Error('the database system is starting up')],
    // TypeORM, when a transaction queries again after its connection was cut (connection-cut.test.ts)
    ['a query runner released by a cut connection', new QueryRunnerProviderAlreadyReleasedError()],
    ['a cause two levels down', new Error('outer', { cause: new Error('inner', { cause: { code: 'ECONNRESET' } }) })],
  ])('%s is unavailability', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', queryFailed({ code: '23505', message: 'duplicate key value' })],
    ['a syntax error', queryFailed({ code: '42601', message: 'syntax error at or near' })],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s is not', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
