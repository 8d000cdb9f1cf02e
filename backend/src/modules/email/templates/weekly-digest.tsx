import { describeNotification, notificationPath } from '@v2mom/contracts';
import { EmailLayout, EmailSentence, ItemLine, ListOrNone, Paragraph, Written } from './email-layout.js';
import type { WeeklyDigestData } from './email-messages.js';
import { count, formatDay } from './email-words.js';
import type { TemplateContext } from './template-context.js';

export function weeklyDigestSubject({ weekOf, notifications }: WeeklyDigestData): string {
  return `Your week from ${formatDay(weekOf)}: ${count(notifications.length, 'notification')}`;
}

/** The person's notifications of the week, in the words the notification centre uses. */
export function WeeklyDigest({ data, context }: { data: WeeklyDigestData; context: TemplateContext }) {
  return (
    <EmailLayout
      brand={context.brand}
      preview={weeklyDigestSubject(data)}
      heading={`Your week from ${formatDay(data.weekOf)}`}
      reason="you asked for a weekly digest"
      preferencesUrl={context.preferencesUrl}
    >
      <Paragraph>What happened around your work this week.</Paragraph>
      <ListOrNone items={data.notifications} none="Nothing happened around your work this week.">
        {(notification) => (
          <ItemLine
            key={notification.id}
            href={context.url(notificationPath(notification))}
            name={<EmailSentence sentence={describeNotification(notification, context.recipientId)} />}
            detail={
              <>
                {notification.v2mom ? <Written>{notification.v2mom.title}</Written> : 'No V2MOM'} · {formatDay(notification.createdAt)}
              </>
            }
          />
        )}
      </ListOrNone>
    </EmailLayout>
  );
}
