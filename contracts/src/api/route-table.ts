/**
 * The route tables' shared types and the helpers that only need a path. Nothing here imports
 * zod at run time: the client's smallest bundles import the `*.paths.ts` tables through
 * `@v2mom/contracts/paths`.
 */

type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every path starts with it; the server mounts the API router there. */
export const API_PREFIX = '/api';

export interface TRoute {
  readonly method: THttpMethod;
  /** OpenAPI style: `/api/methods/{id}`. */
  readonly path: string;
}

/** An area's routes keyed by operation id (also the OpenAPI `operationId`). */
export type TRouteTable = Readonly<Record<string, TRoute>>;

/** A table's routes, each carrying its operation id, so a route alone names its types in the catalogue. */
export type TRoutesWithIds<Table extends TRouteTable> = { readonly [Id in keyof Table & string]: Table[Id] & { readonly id: Id } };

export function withOperationIds<const Table extends TRouteTable>(table: Table): TRoutesWithIds<Table> {
  return Object.fromEntries(Object.entries(table).map(([id, route]) => [id, { ...route, id }])) as TRoutesWithIds<Table>;
}

/** The names of a path's params: `'/api/tasks/{taskId}'` -> `'taskId'`. */
export type TPathParamName<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | TPathParamName<Rest> : never;

/** `/api/methods/{id}` with `{ id: 7 }` -> `/api/methods/7`. */
export function endpointUrl(route: Pick<TRoute, 'path'>, params: Readonly<Record<string, string | number>> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path param ${name} for ${route.path}`);
    return encodeURIComponent(String(value));
  });
}

/** True for calls that change data. */
export function isWriteEndpoint(route: Pick<TRoute, 'method'>): boolean {
  return route.method !== 'GET';
}
