import type { EntityManager } from '@mikro-orm/core';
import { EMAIL_KINDS, PREFERENCE_DEFAULTS, type TEmailKind } from '@v2mom/contracts';
import { expressionBuilder, type AliasableExpression, type Expression, type NotNull } from 'kysely';
import { selectRows, type ReadDb } from '../read-db.js';
import type { EmailRecipient } from './templates/email-messages.js';

/** The email kinds on until a person chooses. */
const ON_BY_DEFAULT = EMAIL_KINDS.filter((kind) => {
  const defaults: { email?: boolean } = PREFERENCE_DEFAULTS[kind];
  return defaults.email === true;
});

/**
 * True when the person `userId` wants the email `kind`: their choice, or the kind's default
 * (docs/PRODUCT.md#notification-preferences). An expression, so the jobs ask it of thousands of
 * people, or of every message they deliver, in one statement.
 */
export function wantsEmail(userId: Expression<number | null>, kind: Expression<TEmailKind>): AliasableExpression<boolean> {
  const eb = expressionBuilder<ReadDb, never>();
  return eb.fn
    .coalesce(
      eb.selectFrom('notification_preference as np').select('np.email').where('np.user_id', '=', userId).where('np.kind', '=', kind),
      eb(kind, 'in', ON_BY_DEFAULT),
    )
    // Never null: the kind is always there, so its default always is.
    .$castTo<boolean>();
}

/** Of these people, those who can receive and want the email `kind`, with their address; one statement. */
export async function emailRecipients(em: EntityManager, kind: TEmailKind, userIds: readonly number[]): Promise<EmailRecipient[]> {
  if (userIds.length === 0) return [];
  const rows = await selectRows(em, (db) =>
    db
      .selectFrom('user as u')
      .select(['u.id', 'u.name', 'u.email'])
      .where('u.id', 'in', [...new Set(userIds)])
      .where('u.active', '=', true)
      .where('u.email', 'is not', null)
      .where((eb) => wantsEmail(eb.ref('u.id'), eb.val(kind)))
      .$narrowType<{ email: NotNull }>()
      .orderBy('u.id'),
  );
  return rows.map((row) => ({ userId: row.id, name: row.name, address: row.email }));
}
