import { ReferenceKind, type EntityClass, type EntityManager, type Transaction } from '@mikro-orm/core';
import { SqlEntityManager } from '@mikro-orm/postgresql';
import { createQueryId, PostgresQueryCompiler, sql, type AliasedRawBuilder, type Compilable, type Kysely, type RootOperationNode, type SelectQueryNode } from 'kysely';
import { registerPrepared, sendPrepared } from './prepared-statements.js';
import { onReadConnection } from './replica-reads.js';

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
/** PostgreSQL as Kysely writes it, with `$1`… placeholders: for statements sent with their arguments apart. */
const preparedCompiler = new PostgresQueryCompiler();

/**
 * The read builder over the tables `DB` describes (the application's `ReadDb`, which the modules
 * infer from their entities; this folder knows no entity):
 *
 * `selectRows` answers the rows of one SELECT that `build` writes with the typed builder: row types
 * follow from the columns it names. It runs through MikroORM's connection, inside `em`'s
 * transaction when it has one (a write reading back what it stored), and like every ORM statement
 * passes the `onQuery` hook and the query log, which Kysely's own `execute()` would bypass. Read
 * sides select plain rows this way instead of hydrating entities: hydrating thousands of entities
 * with their relations costs far more than the SQL.
 *
 * `selectOnce` is `selectRows` for a statement that every request or every write runs, and whose
 * text does not change: only one argument (an id, or a list of ids sent as one array) does. It is
 * built and compiled once, at its first call, with a stand-in wherever `build` puts the argument,
 * and each call then sends that text with its own argument in the stand-in's places. Building and
 * compiling such statements afresh took about 4.5 % of the server's CPU under the load test
 * (docs/PERFORMANCE.md, "The load test").
 * PostgreSQL plans it once per connection, too (prepared-statements.ts).
 * `build` may read the entity metadata (`entityColumns`), which is the same for every entity
 * manager, and nothing else of `em`.
 *
 * `writeRows` runs a statement that writes or locks (an INSERT, UPDATE or DELETE, a SELECT … FOR
 * KEY SHARE, a lock function), built with the same typed builder, and answers the rows it
 * returns: always on the primary, inside `transaction` (by default `em`'s, when it has one). For
 * what the unit of work cannot say in one statement: an upsert that keeps the further of two
 * values, a bulk insert or update whose rows the database chooses, a row lock taken before a read.
 */
export function readBuilder<DB>() {
  // MikroORM types the builder over a generic DB only once DB is known: the caller's DB is the one.
  const tables = (em: SqlEntityManager) => em.getKysely<DB>() as Kysely<DB>;
  return {
    async selectRows<Row>(em: EntityManager, build: (db: Kysely<DB>) => Statement<Row>): Promise<Row[]> {
      const orm = sqlManager(em);
      const { sql, parameters } = compile(build(tables(orm)));
      return sendSelect<Row>(orm, sql, parameters);
    },

    selectOnce<Row, Argument>(
      build: (db: Kysely<DB>, em: EntityManager, argument: Argument) => Statement<Row>,
    ): (em: EntityManager, argument: Argument) => Promise<Row[]> {
      const statement = compiledOnce((orm: SqlEntityManager, argument: Argument) => build(tables(orm), orm, argument));
      return (em, argument) => {
        const orm = sqlManager(em);
        const { sql, parameters } = statement(orm, argument);
        return onReadConnection((connectionType) => sendPrepared<Row>(orm, sql, parameters, connectionType));
      };
    },

    /**
     * `writeRows` for a statement that every write runs, whose text does not change, only one
     * argument (an id): compiled once and sent as a statement PostgreSQL plans once per connection,
     * as `selectOnce` does; inside `em`'s transaction.
     */
    writeOnce<Row, Argument>(build: (db: Kysely<DB>, argument: Argument) => Statement<Row>): (em: EntityManager, argument: Argument) => Promise<Row[]> {
      const statement = compiledOnce((orm: SqlEntityManager, argument: Argument) => build(tables(orm), argument));
      return (em, argument) => {
        const orm = sqlManager(em);
        const { sql, parameters } = statement(orm, argument);
        return sendPrepared<Row>(orm, sql, parameters, 'write');
      };
    },

    async writeRows<Row>(em: EntityManager, build: (db: Kysely<DB>) => AnyStatement<Row>, transaction = em.getTransactionContext<Transaction>()): Promise<Row[]> {
      const orm = sqlManager(em);
      const { sql, parameters } = compile(build(tables(orm)));
      // The builder's result type is what the compiled statement returns.
      return (await orm.getConnection('write').execute(sql, [...parameters], 'all', transaction)) as Row[];
    },
  };
}

type Statement<Row> = Compilable<Row> & { toOperationNode(): SelectQueryNode };

type AnyStatement<Row> = Compilable<Row> & { toOperationNode(): RootOperationNode };

function sqlManager(em: EntityManager): SqlEntityManager {
  if (!(em instanceof SqlEntityManager)) throw new Error('The read side needs an SQL entity manager');
  return em;
}

const compile = (statement: AnyStatement<unknown>) => compiler.compileQuery(statement.toOperationNode(), createQueryId());

function prepare(statement: Statement<unknown>): { sql: string; parameters: readonly unknown[] } {
  const compiled = preparedCompiler.compileQuery(statement.toOperationNode(), createQueryId());
  registerPrepared(compiled.sql);
  return compiled;
}

/** On the replica when the request reads there (db/replica-reads.ts); inside a transaction, always in it. */
async function sendSelect<Row>(em: SqlEntityManager, sql: string, parameters: readonly unknown[]): Promise<Row[]> {
  // The builder's result type is what the compiled SELECT returns.
  return (await onReadConnection((connectionType) => em.execute(sql, [...parameters], { connectionType }))) as Row[];
}

/** Stands for a statement's argument while `compiledOnce` compiles it. */
const ARGUMENT = Symbol('argument');

/**
 * `build`'s statement compiled (and registered to be prepared) at its first call, with a stand-in
 * for the argument; each call answers that text and its parameters with `argument` in the
 * stand-in's places (`selectOnce`, `writeOnce`).
 */
function compiledOnce<Argument>(build: (em: SqlEntityManager, argument: Argument) => Statement<unknown>) {
  let compiled: { sql: string; parameters: readonly unknown[] } | undefined;
  return (em: SqlEntityManager, argument: Argument): { sql: string; parameters: unknown[] } => {
    // The stand-in is no Argument: it only marks where the argument goes in the compiled parameters.
    compiled ??= prepare(build(em, ARGUMENT as Argument));
    return { sql: compiled.sql, parameters: compiled.parameters.map((parameter) => (parameter === ARGUMENT ? argument : parameter)) };
  };
}

/**
 * A filter's `ids` when it names nothing else: rows read by a list of their keys, which a read
 * module sends as one `selectOnce` statement with the ids as its argument (`= any(…)`), one text
 * PostgreSQL plans once per connection whatever the ids (prepared-statements.ts).
 */
export function idsAlone(filter: { ids?: readonly number[] | undefined }): readonly number[] | undefined {
  const { ids, ...others } = filter;
  return ids && Object.values(others).every((value) => value === undefined) ? ids : undefined;
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

/**
 * `entity`'s columns among `columns`, as `entityColumns` would select them from its row once its
 * changes are flushed: scalars as the entity holds them, references as the ids they name.
 */
export function entityRow(em: EntityManager, entity: object, columns: readonly string[]): Record<string, unknown> {
  const wanted = new Set(columns);
  const values = entity as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const prop of em.getMetadata().get(entity.constructor as EntityClass<object>).props) {
    const [column] = prop.fieldNames ?? [];
    if (column === undefined || !wanted.has(column) || prop.persist === false) continue;
    if (prop.kind === ReferenceKind.SCALAR) row[column] = values[prop.name];
    else if (prop.kind === ReferenceKind.MANY_TO_ONE) row[column] = (values[prop.name] as { id: unknown } | null | undefined)?.id ?? null;
  }
  return row;
}

/**
 * The columns that `entityColumns` selected under `prefix`, by their own names again. Every
 * signed-in request maps its session's row through it: one loop, without an array of every
 * column's entry built, filtered and mapped for each prefix.
 */
export function prefixedColumns(row: Record<string, unknown>, prefix: string): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const name in row) if (name.startsWith(prefix)) columns[name.slice(prefix.length)] = row[name];
  return columns;
}
