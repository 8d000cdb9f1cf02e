import { PATHS, pathTo } from '@v2mom/contracts';
import { ActionButton, EmailLayout, ItemLine, Paragraph, Quoted, Written } from './email-layout.js';
import type { CheckInReminderData } from './email-messages.js';
import { count, formatDay } from './email-words.js';
import type { TemplateContext } from './template-context.js';

export function checkInReminderSubject({ methods }: CheckInReminderData): string {
  return `Time to check in: ${count(methods.length, 'method')} to update`;
}

/** "Time to check in": the person's methods that need a check-in, each a link to its check-in, and a way to My Methods. */
export function CheckInReminder({ data, context }: { data: CheckInReminderData; context: TemplateContext }) {
  return (
    <EmailLayout
      brand={context.brand}
      preview={checkInReminderSubject(data)}
      heading="Time to check in"
      reason="you own methods that have had no check-in this period"
      preferencesUrl={context.preferencesUrl}
    >
      <Paragraph>
        Hi <Written>{context.recipientName}</Written>, {count(data.methods.length, 'method')} of yours {data.methods.length === 1 ? 'needs' : 'need'} a check-in this
        period: a change to progress, status, the current measure or the update.
      </Paragraph>
      {data.methods.map((method) => (
        <ItemLine
          key={method.id}
          href={context.url(pathTo.checkIn(method.id))}
          name={<Written>{method.name}</Written>}
          detail={
            <>
              <Quoted title={method.v2mom.title} /> · last check-in {method.lastCheckIn ? formatDay(method.lastCheckIn) : 'never'}
            </>
          }
        />
      ))}
      <ActionButton href={context.url(PATHS.myMethods)}>Open My Methods</ActionButton>
    </EmailLayout>
  );
}
