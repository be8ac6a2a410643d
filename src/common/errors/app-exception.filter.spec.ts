import { ArgumentsHost, BadRequestException, NotFoundException } from '@nestjs/common';
import { AppException } from './app.exception';
import { AppExceptionFilter } from './app-exception.filter';
import { ErrorCode } from './error-codes';

function hostFor() {
  const response = {
    headersSent: false,
    statusCode: 0,
    body: undefined as unknown,
    headers: {} as Record<string, string>,
    setHeader(name: string, value: string) {
      this.headers[name] = value;
    },
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    json(body: unknown) {
      this.body = body;
      return this;
    },
  };
  const request = { method: 'GET', path: '/x' };
  const host = {
    switchToHttp: () => ({ getResponse: () => response, getRequest: () => request }),
  } as unknown as ArgumentsHost;
  return { host, response };
}

describe('AppExceptionFilter', () => {
  const filter = new AppExceptionFilter();
  jest.spyOn(filter['logger'], 'error').mockImplementation(() => undefined);

  it('writes AppException as {error, code, ...extras} with its status and headers', () => {
    const { host, response } = hostFor();
    filter.catch(
      new AppException(ErrorCode.RateLimited, 'slow down', { retry_after: 7 }, { 'Retry-After': '7' }),
      host,
    );
    expect(response.statusCode).toBe(429);
    expect(response.body).toEqual({ error: 'slow down', code: 'RATE_LIMITED', retry_after: 7 });
    expect(response.headers['Retry-After']).toBe('7');
  });

  it('hides the internals of an unexpected error behind 500 INTERNAL', () => {
    const { host, response } = hostFor();
    filter.catch(new Error('relation "secret_table" does not exist'), host);
    expect(response.statusCode).toBe(500);
    expect(response.body).toEqual({ error: 'internal error', code: 'INTERNAL' });
  });

  it('maps Nest HTTP exceptions onto the codes', () => {
    const notFound = hostFor();
    filter.catch(new NotFoundException(), notFound.host);
    expect(notFound.response.body).toEqual({ error: expect.stringContaining('GET /x'), code: 'NOT_FOUND' });
    const bad = hostFor();
    filter.catch(new BadRequestException('bad thing'), bad.host);
    expect(bad.response.body).toEqual({ error: 'bad thing', code: 'VALIDATION_FAILED' });
  });
});
