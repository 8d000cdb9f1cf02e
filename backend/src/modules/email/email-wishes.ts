import type { EntityManager } from '@mikro-orm/core';
import { EMAIL_KINDS, PREFERENCE_DEFAULTS, type TEmailKind } from '@v2mom/contracts';
import type { EmailRecipient } from './templates/email-messages.js';

/** The email kinds on until a person chooses, as SQL literals. */
const ON_BY_DEFAULT = EMAIL_KINDS.filter((kind) => {
  const defaults: { email?: boolean } = PREFERENCE_DEFAULTS[kind];
  return defaults.email === true;
}).map((kind) => `'${kind}'`);

const SQL_NAME = /^[a-z_][\w.]*$/i;

/**
 * SQL that is true when the person `userId` (an SQL expression) wants the email `kind` (an SQL
 * expression): their choice, or the kind's default (docs/PRODUCT.md#notification-preferences).
 */
export function wantsEmailSql(userId: string, kind: string): string {
  return `coalesce((select np.email from notification_preference np where np.user_id = ${userId} and np.kind = ${kind}), ${kind} in (${ON_BY_DEFAULT.join(', ')}))`;
}

/**
 * For the jobs, which choose among thousands of people in one statement: SQL that is true when the
 * user row `userAlias` can receive the email `kind` (an active account with an address) and wants it.
 * `select u.id from "user" u where ${canReceiveEmailSql('check_in_reminder')}`.
 */
export function canReceiveEmailSql(kind: TEmailKind, userAlias = 'u'): string {
  if (!SQL_NAME.test(userAlias)) throw new Error(`Not an SQL alias: ${userAlias}`);
  if (!EMAIL_KINDS.includes(kind)) throw new Error(`Not an email kind: ${kind}`);
  return `(${userAlias}.active and ${userAlias}.email is not null and ${wantsEmailSql(`${userAlias}.id`, `'${kind}'`)})`;
}

/** Of these people, those who can receive and want the email `kind`, with their address; one statement. */
export async function emailRecipients(em: EntityManager, kind: TEmailKind, userIds: readonly number[]): Promise<EmailRecipient[]> {
  if (userIds.length === 0) return [];
  const rows = (await em.getConnection().execute(
    `select u.id, u.name, u.email from "user" u where u.id = any(?::int[]) and ${canReceiveEmailSql(kind)} order by u.id`,
    // As an array literal: the connection would spread a JavaScript array into a list of values.
    [`{${[...new Set(userIds)].join(',')}}`],
    'all',
    em.getTransactionContext(),
  )) as Array<{ id: number; name: string; email: string }>;
  return rows.map((row) => ({ userId: row.id, name: row.name, address: row.email }));
}
