import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';
import { CheckInReminder, checkInReminderSubject } from './check-in-reminder.js';
import type { EmailContent, RenderedEmail } from './email-messages.js';
import { MeetingDigest, meetingDigestSubject } from './meeting-digest.js';
import { StaleMethods, staleMethodsSubject } from './stale-methods.js';
import type { TemplateContext } from './template-context.js';
import { WeeklyDigest, weeklyDigestSubject } from './weekly-digest.js';

function templateOf(content: EmailContent, context: TemplateContext): { subject: string; element: ReactElement } {
  switch (content.kind) {
    case 'check_in_reminder':
      return { subject: checkInReminderSubject(content.data), element: <CheckInReminder data={content.data} context={context} /> };
    case 'method_stale':
      return { subject: staleMethodsSubject(content.data), element: <StaleMethods data={content.data} context={context} /> };
    case 'meeting_digest':
      return { subject: meetingDigestSubject(content.data), element: <MeetingDigest data={content.data} context={context} /> };
    case 'weekly_digest':
      return { subject: weeklyDigestSubject(content.data), element: <WeeklyDigest data={content.data} context={context} /> };
  }
}

/** An email's subject, HTML and plain text, from its kind's template. */
export async function renderEmail(content: EmailContent, context: TemplateContext): Promise<RenderedEmail> {
  const { subject, element } = templateOf(content, context);
  const html = await render(element);
  return { subject, html, text: toPlainText(html) };
}
