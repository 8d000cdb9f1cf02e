import { describeMovement, pathTo, type TRoundMinutes } from '@v2mom/contracts';
import { ActionButton, EmailLayout, ItemLine, ListOrNone, Paragraph, SectionHeading, Written } from './email-layout.js';
import { formatDay } from './email-words.js';
import type { TemplateContext } from './template-context.js';

export function roundMinutesSubject(data: TRoundMinutes): string {
  return `The check-in round's minutes: ${data.checkedIn.length} checked in, ${data.followUps.length} ${data.followUps.length === 1 ? 'follow-up' : 'follow-ups'}`;
}

/** To everyone who attended a round (docs/PRODUCT.md#the-check-in-round): who checked in, what moved, the follow-ups. */
export function RoundMinutes({ data, context }: { data: TRoundMinutes; context: TemplateContext }) {
  return (
    <EmailLayout brand={context.brand} preview={roundMinutesSubject(data)} heading="Minutes of the check-in round" reason="you attended the check-in round" preferencesUrl={context.preferencesUrl}>
      <Paragraph>
        <Written>{data.presenter.name}</Written> ran the round on {formatDay(data.startedAt)}: {data.checkedIn.length} checked in, {data.pending.length} did not.
      </Paragraph>

      <SectionHeading>What moved</SectionHeading>
      <ListOrNone items={data.moved} none="No method was checked in during the round.">
        {(moved) => <ItemLine key={moved.methodId} href={context.url(pathTo.method(moved.methodId))} name={<Written>{moved.description}</Written>} detail={describeMovement(moved)} />}
      </ListOrNone>

      <SectionHeading>Follow-ups</SectionHeading>
      <ListOrNone items={data.followUps} none="The round raised no obstacle.">
        {(followUp) => (
          <Paragraph key={`${followUp.ownerName}:${followUp.description}`}>
            <Written>{followUp.description}</Written> · <Written>{followUp.ownerName}</Written>, due {formatDay(followUp.dueAt)}
          </Paragraph>
        )}
      </ListOrNone>

      <ActionButton href={context.url(pathTo.roundMinutes(data.id))}>Open the minutes</ActionButton>
    </EmailLayout>
  );
}
