import { ReferenceKind, type EntityClass, type EntityManager } from '@mikro-orm/core';
import { SqlEntityManager, type InferKyselyDB } from '@mikro-orm/postgresql';
import { createQueryId, PostgresQueryCompiler, sql, type AliasedRawBuilder, type Compilable, type Kysely, type SelectQueryNode } from 'kysely';
import type { UserSessionSchema } from '../modules/auth/user-session.entity.js';
import type { DepartmentSchema } from '../modules/departments/department.entity.js';
import type { MeasureSchema } from '../modules/measures/measure.entity.js';
import type { MethodLinkedValueSchema } from '../modules/methods/method-linked-value.entity.js';
import type { MethodSchema } from '../modules/methods/method.entity.js';
import type { ObstacleLinkedMethodSchema } from '../modules/obstacles/obstacle-linked-method.entity.js';
import type { ObstacleSchema } from '../modules/obstacles/obstacle.entity.js';
import type { TaskSchema } from '../modules/tasks/task.entity.js';
import type { UserSchema } from '../modules/users/user.entity.js';
import type { V2momSchema } from '../modules/v2moms/v2mom.entity.js';
import type { ValueSchema } from '../modules/values/value.entity.js';

/**
 * The tables the read side selects from, as MikroORM infers them from the entity definitions:
 * table and column names as the database spells them, value types from the properties. A
 * renamed property or column therefore fails the type check of every query that names it.
 */
export type ReadDb = InferKyselyDB<
  | typeof DepartmentSchema
  | typeof UserSchema
  | typeof UserSessionSchema
  | typeof V2momSchema
  | typeof ValueSchema
  | typeof MethodSchema
  | typeof ObstacleSchema
  | typeof MeasureSchema
  | typeof TaskSchema
  | typeof MethodLinkedValueSchema
  | typeof ObstacleLinkedMethodSchema
>;

/**
 * PostgreSQL as Kysely writes it, with the `?` placeholders MikroORM's connection fills in. The
 * statements hold no literal `?` (MikroORM would take it for a placeholder).
 */
class OrmPlaceholderCompiler extends PostgresQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return '?';
  }
}

const compiler = new OrmPlaceholderCompiler();

/**
 * The rows of one SELECT that `build` writes with the typed builder: row types follow from the
 * columns it names. It runs through MikroORM's connection, inside `em`'s transaction when it has
 * one (a write reading back what it stored), and like every ORM statement passes the `onQuery`
 * hook and the query log, which Kysely's own `execute()` would bypass. Read sides select plain
 * rows this way instead of hydrating entities: hydrating thousands of entities with their
 * relations costs far more than the SQL.
 */
export async function selectRows<Row>(
  em: EntityManager,
  build: (db: Kysely<ReadDb>) => Compilable<Row> & { toOperationNode(): SelectQueryNode },
): Promise<Row[]> {
  if (!(em instanceof SqlEntityManager)) throw new Error('The read side needs an SQL entity manager');
  const query = build(em.getKysely<ReadDb>());
  const { sql, parameters } = compiler.compileQuery(query.toOperationNode(), createQueryId());
  // The builder's result type is what the compiled SELECT returns.
  return (await em.execute(sql, [...parameters])) as Row[];
}

/**
 * The columns MikroORM loads for `entity` (lazy ones such as a password hash aside), each selected
 * from `alias` under its own name, or under `prefix` and its name where one statement reads several
 * entities (`prefixedColumns` takes them back), for a row that `em.map` then makes an entity of.
 * Named one by one, a column the table has lost fails the statement, where `alias.*` would leave
 * the property unset; taken from the entity's metadata, a property added later is selected too.
 */
export function entityColumns(em: EntityManager, entity: EntityClass<object>, alias: string, prefix = ''): Array<AliasedRawBuilder<unknown, string>> {
  return em
    .getMetadata()
    .get(entity)
    .props.filter((prop) => prop.persist !== false && !prop.lazy && (prop.kind === ReferenceKind.SCALAR || prop.kind === ReferenceKind.MANY_TO_ONE))
    .flatMap((prop) => prop.fieldNames)
    .map((column) => sql.ref(`${alias}.${column}`).as(`${prefix}${column}`));
}

/** The columns that `entityColumns` selected under `prefix`, by their own names again. */
export function prefixedColumns(row: Record<string, unknown>, prefix: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([name]) => name.startsWith(prefix))
      .map(([name, value]) => [name.slice(prefix.length), value]),
  );
}
