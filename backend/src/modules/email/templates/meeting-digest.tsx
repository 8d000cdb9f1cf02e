import { PATHS, pathTo, WORK_STATUS_LABELS } from '@v2mom/contracts';
import { ActionButton, EmailLayout, ItemLine, ListOrNone, Paragraph, SectionHeading } from './email-layout.js';
import type { MeetingDigestData } from './email-messages.js';
import { formatDay, quoted } from './email-words.js';
import { staleDetail } from './stale-methods.js';
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
      <Paragraph>
        {share(data.checkedIn)}% of methods are checked in this period ({data.checkedIn.count} of {data.checkedIn.of}).
      </Paragraph>

      <SectionHeading>Needing attention</SectionHeading>
      <ListOrNone items={data.statusChanges} none="No method changed to a status that needs attention.">
        {(method) => (
          <ItemLine
            key={method.id}
            href={context.url(pathTo.method(method.id))}
            name={method.name}
            detail={`${method.owner ?? 'No owner'} · now ${WORK_STATUS_LABELS[method.to]}`}
          />
        )}
      </ListOrNone>

      <SectionHeading>Without a check-in for two periods</SectionHeading>
      <ListOrNone items={data.stale} none="Every method was checked in lately.">
        {(method) => <ItemLine key={method.id} href={context.url(pathTo.method(method.id))} name={method.name} detail={staleDetail(method)} />}
      </ListOrNone>

      <SectionHeading>New obstacles</SectionHeading>
      <ListOrNone items={data.newObstacles} none="No new obstacles.">
        {(obstacle) => (
          <ItemLine key={obstacle.id} href={context.url(pathTo.v2mom(obstacle.v2mom.id))} name={obstacle.description} detail={`In ${quoted(obstacle.v2mom.title)}`} />
        )}
      </ListOrNone>

      <SectionHeading>Biggest movers</SectionHeading>
      <ListOrNone items={data.biggestMovers} none="No method moved this period.">
        {(method) => (
          <ItemLine key={method.id} href={context.url(pathTo.method(method.id))} name={method.name} detail={`Progress ${method.from}% → ${method.to}%`} />
        )}
      </ListOrNone>

      <ActionButton href={context.url(PATHS.cooView)}>Open the COO View</ActionButton>
    </EmailLayout>
  );
}
