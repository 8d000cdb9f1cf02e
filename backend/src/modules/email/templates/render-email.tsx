import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';
import { everyString } from '../../shared/every-string.js';
import { CheckInReminder, checkInReminderSubject } from './check-in-reminder.js';
import type { EmailContent, RenderedEmail } from './email-messages.js';
import { MeetingDigest, meetingDigestSubject } from './meeting-digest.js';
import { RoundMinutes, roundMinutesSubject } from './round-minutes.js';
import { StaleMethods, staleMethodsSubject } from './stale-methods.js';
import type { TemplateContext } from './template-context.js';
import { WebhookDisabled, webhookDisabledSubject } from './webhook-disabled.js';
import { WeeklyDigest, weeklyDigestSubject } from './weekly-digest.js';

function templateOf(content: EmailContent, context: TemplateContext): { subject: string; element: ReactElement } {
  switch (content.kind) {
    case 'check_in_reminder':
      return { subject: checkInReminderSubject(content.data), element: <CheckInReminder data={content.data} context={context} /> };
    case 'method_stale':
      return { subject: staleMethodsSubject(content.data), element: <StaleMethods data={content.data} context={context} /> };
    case 'meeting_digest':
      return { subject: meetingDigestSubject(content.data), element: <MeetingDigest data={content.data} context={context} /> };
    case 'round_minutes':
      return { subject: roundMinutesSubject(content.data), element: <RoundMinutes data={content.data} context={context} /> };
    case 'weekly_digest':
      return { subject: weeklyDigestSubject(content.data), element: <WeeklyDigest data={content.data} context={context} /> };
    case 'webhook_disabled':
      return { subject: webhookDisabledSubject(), element: <WebhookDisabled data={content.data} context={context} /> };
  }
}

/**
 * Line breaks of every kind: the HTML-to-text step folds CR, LF and FF in a text into spaces, but a
 * vertical tab, NEL or a line or paragraph separator would start a line of the plain-text email.
 */
const LINE_BREAKS = /[\n\v\f\r\u0085\u2028\u2029]+/g;
const onOneLine = (text: string) => text.replace(LINE_BREAKS, ' ');

/**
 * An email's subject, HTML and plain text, from its kind's template. Every name, title and
 * description it sets in its words is put on one line first, so nothing someone wrote can start a
 * line of its own and pass for the email's words.
 */
export async function renderEmail(written: EmailContent, given: TemplateContext): Promise<RenderedEmail> {
  const content = everyString(written, onOneLine);
  const context = { ...given, brand: onOneLine(given.brand), recipientName: onOneLine(given.recipientName) };
  const { subject, element } = templateOf(content, context);
  const html = await render(element);
  return { subject, html, text: toPlainText(html) };
}
