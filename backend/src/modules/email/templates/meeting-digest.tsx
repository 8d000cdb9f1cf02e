import { PATHS, pathTo, WORK_STATUS_LABELS } from '@v2mom/contracts';
import { ActionButton, EmailLayout, ItemLine, ListOrNone, Paragraph, Quoted, SectionHeading, Written } from './email-layout.js';
import { BriefText } from './brief-text.js';
import type { MeetingDigestData } from './email-messages.js';
import { formatDay } from './email-words.js';
import { StaleDetail } from './stale-methods.js';
import type { TemplateContext } from './template-context.js';

function share({ count, of }: MeetingDigestData['checkedIn']): number {
  return of === 0 ? 0 : Math.round((count / of) * 100);
}

export function meetingDigestSubject(data: MeetingDigestData): string {
  return `Before the COO meeting on ${formatDay(data.meetingDay)}: ${share(data.checkedIn)}% of methods checked in`;
}

/** The day before the COO meeting: where the methods stand, each linking to its page. */
export function MeetingDigest({ data, context }: { data: MeetingDigestData; context: TemplateContext }) {
  return (
    <EmailLayout
      brand={context.brand}
      preview={meetingDigestSubject(data)}
      heading={`Before the COO meeting on ${formatDay(data.meetingDay)}`}
      reason="you take part in the COO meeting"
      preferencesUrl={context.preferencesUrl}
    >
      <SectionHeading>The brief</SectionHeading>
      <BriefText markdown={data.brief} context={context} />

      <Paragraph>
        {share(data.checkedIn)}% of methods are checked in this period ({data.checkedIn.count} of {data.checkedIn.of}).
      </Paragraph>

      <SectionHeading>Needing attention</SectionHeading>
      <ListOrNone items={data.statusChanges} none="No method changed to a status that needs attention.">
        {(method) => (
          <ItemLine
            key={method.id}
            href={context.url(pathTo.method(method.id))}
            name={<Written>{method.name}</Written>}
            detail={
              <>
                {method.owner === null ? 'No owner' : <Written>{method.owner}</Written>} · now {WORK_STATUS_LABELS[method.to]}
              </>
            }
          />
        )}
      </ListOrNone>

      <SectionHeading>Without a check-in for two periods</SectionHeading>
      <ListOrNone items={data.stale} none="Every method was checked in lately.">
        {(method) => <ItemLine key={method.id} href={context.url(pathTo.method(method.id))} name={<Written>{method.name}</Written>} detail={<StaleDetail method={method} />} />}
      </ListOrNone>

      <SectionHeading>New obstacles</SectionHeading>
      <ListOrNone items={data.newObstacles} none="No new obstacles.">
        {(obstacle) => (
          <ItemLine
            key={obstacle.id}
            href={context.url(pathTo.v2mom(obstacle.v2mom.id))}
            name={<Written>{obstacle.description}</Written>}
            detail={
              <>
                In <Quoted title={obstacle.v2mom.title} />
              </>
            }
          />
        )}
      </ListOrNone>

      <SectionHeading>Biggest movers</SectionHeading>
      <ListOrNone items={data.biggestMovers} none="No method moved this period.">
        {(method) => (
          <ItemLine key={method.id} href={context.url(pathTo.method(method.id))} name={<Written>{method.name}</Written>} detail={`Progress ${method.from}% → ${method.to}%`} />
        )}
      </ListOrNone>

      <ActionButton href={context.url(PATHS.cooView)}>Open the COO View</ActionButton>
    </EmailLayout>
  );
}
