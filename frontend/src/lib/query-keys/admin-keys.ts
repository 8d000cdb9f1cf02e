import type { TAdminUserListView } from '@v2mom/contracts';

/** Organisation administration's query keys (the settings capability's screens). */
export const adminKeys = {
  all: ['admin'] as const,
  /** Every view of the People table (prefix of userPage). */
  userPages: () => [...adminKeys.all, 'users'] as const,
  /** GET /api/admin/users, page after page: the People table a view asks for. */
  userPage: (view: TAdminUserListView) => [...adminKeys.userPages(), view] as const,
  /** Every audit log read (prefix of audit). */
  audits: () => [...adminKeys.all, 'audit'] as const,
  /** GET /api/admin/audit, all of it (null) or one person's */
  audit: (personId: number | null) => [...adminKeys.audits(), personId] as const,
  /** The Email tab's reads: the SMTP server and the outbox. */
  email: () => [...adminKeys.all, 'email'] as const,
  /** GET /api/email/status */
  emailStatus: () => [...adminKeys.email(), 'status'] as const,
  /** GET /api/email/outbox, page by page */
  emailOutbox: () => [...adminKeys.email(), 'outbox'] as const,
  /** GET /api/email/outbox/{id} */
  emailMessage: (id: number) => [...adminKeys.email(), 'message', id] as const,
};
