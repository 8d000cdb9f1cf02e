import { RequestContext, type EntityManager } from '@mikro-orm/core';

/** The EntityManager of the current HTTP request (app.ts opens one RequestContext per request). */
export function requestEm(): EntityManager {
  const em = RequestContext.getEntityManager();
  if (!em) throw new Error('No request context: requestEm() was called outside an HTTP request');
  return em;
}
