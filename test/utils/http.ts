import request from 'supertest';
import type { TestApp } from './create-test-app';

/** supertest against the listening server, optionally with a bearer credential. */
export function api(testApp: TestApp, bearer?: string) {
  const agent = request(testApp.baseUrl);
  const withAuth = <T extends request.Test>(test: T): T =>
    bearer ? test.set('Authorization', `Bearer ${bearer}`) : test;
  return {
    get: (path: string) => withAuth(agent.get(path)),
    post: (path: string) => withAuth(agent.post(path)),
    patch: (path: string) => withAuth(agent.patch(path)),
    put: (path: string) => withAuth(agent.put(path)),
    delete: (path: string) => withAuth(agent.delete(path)),
  };
}
