import type { EmailMessage, EmailRecipient } from '../modules/email/templates/email-messages.js';

/** A check-in reminder for `to`, under its own key. */
export function reminderFor(to: EmailRecipient, key: string): EmailMessage {
  return {
    kind: 'check_in_reminder',
    idempotencyKey: key,
    to,
    data: {
      methods: [
        { id: 11, name: 'Launch podcast', v2mom: { id: 3, title: 'Marketing FY27' }, lastCheckIn: '2026-02-23' },
        { id: 12, name: 'Deploy AI research briefs', v2mom: { id: 3, title: 'Marketing FY27' }, lastCheckIn: null },
      ],
    },
  };
}
