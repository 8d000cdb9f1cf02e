import type { TestApp } from './test-app.js';

/** supertest requests that carry one signed-in user's cookie. */
export interface ApiClient {
  get(path: string): ReturnType<ReturnType<TestApp['http']>['get']>;
  post(path: string, body?: object): ReturnType<ReturnType<TestApp['http']>['post']>;
  put(path: string, body?: object): ReturnType<ReturnType<TestApp['http']>['put']>;
  patch(path: string, body?: object): ReturnType<ReturnType<TestApp['http']>['patch']>;
  delete(path: string): ReturnType<ReturnType<TestApp['http']>['delete']>;
}

/** Signs each user in once; `as(username)` then sends requests as that user. */
export async function signIn(app: TestApp, usernames: readonly string[]): Promise<(username: string) => ApiClient> {
  const cookies = new Map<string, string>();
  for (const username of usernames) cookies.set(username, await app.login(username));
  return (username) => {
    const cookie = cookies.get(username);
    if (cookie === undefined) throw new Error(`${username} was not signed in by this test file`);
    return {
      get: (path) => app.http().get(path).set('Cookie', cookie),
      post: (path, body = {}) => app.http().post(path).set('Cookie', cookie).send(body),
      put: (path, body = {}) => app.http().put(path).set('Cookie', cookie).send(body),
      patch: (path, body = {}) => app.http().patch(path).set('Cookie', cookie).send(body),
      delete: (path) => app.http().delete(path).set('Cookie', cookie),
    };
  };
}
