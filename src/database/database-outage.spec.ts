import { Logger } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { ErrorCode } from 'src/common/errors/error-codes';
import { isDatabaseUnavailable, unavailableException } from './database-outage';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['the pool giving up on a connection', new Error('timeout exceeded when trying to connect')],
    ['the client giving up on a frozen server', new Error('Query read timeout')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a statement timeout (57014)', withCode('57014', 'canceling statement due to statement timeout')],
    ['the server shutting down (57P01)', withCode('57P01')],
    ['the server starting up (57P03)', withCode('57P03')],
    ['a connection exception (class 08)', withCode('08006')],
    ['too many connections (53300)', withCode('53300')],
    ['a driver error wrapped by TypeORM', new QueryFailedError('SELECT 1', [], withCode('57P01'))],
  ])('recognizes %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a NUL in text (22021)', withCode('22021')],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('leaves %s to the usual handling', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('unavailableException', () => {
  it("is decisions.md's 503 body with Retry-After for an outage, and nothing for other errors", () => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined); // the outage line, expected here
    const exception = unavailableException(withCode('ECONNREFUSED'));
    expect(exception?.code).toBe(ErrorCode.Unavailable);
    expect(exception?.extras).toEqual({ retry_after: 5 });
    expect(exception?.headers).toEqual({ 'Retry-After': '5' });
    expect(unavailableException(withCode('23505'))).toBeUndefined();
  });
});
