import { describe, expect, it } from 'vitest';
import { isDependencyOutage } from './dependency-errors.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDependencyOutage', () => {
  it('knows a database, Redis or mail server that is down or going away', () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('ETIMEDOUT', 'Greeting never received'),
      withCode('ECONNECTION'),
      withCode('CONNECTION_CLOSED', 'write CONNECTION_CLOSED 127.0.0.1:5432'),
      withCode('CONNECT_TIMEOUT', 'write CONNECT_TIMEOUT 127.0.0.1:5432'),
      new Error('Connection is closed.'),
      Object.assign(new Error('Reached the max retries per request limit (which is 1).'), { name: 'MaxRetriesPerRequestError' }),
      new Error('Failed query: select 1', { cause: withCode('ECONNREFUSED') }),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
    ]) {
      expect(isDependencyOutage(error), String(error)).toBe(true);
    }
  });

  it('leaves faults of the code and the data alone (they stay 500)', () => {
    for (const error of [
      new TypeError('x is undefined'),
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('42P01', 'relation does not exist'),
      null,
      'ECONNREFUSED',
    ]) {
      expect(isDependencyOutage(error)).toBe(false);
    }
  });
});
