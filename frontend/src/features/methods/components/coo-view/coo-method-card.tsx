import { QUARTERS, progressColor, quarterLabel, sentenceText, written, type TQuarter, type TRoomMethod } from '@v2mom/contracts';
import { memo, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { methodCardId } from '../../../../components/method-cards';
import { ReservedChangeNote } from '../../../../components/live/reserved-change-note';
import { StaleMark } from '../../../../components/stale-marks';
import { ThreadButton } from '../../../../components/thread-opener';
import { WorkStatusBadge } from '../../../../components/ui/badge';
import { BUTTON_HEIGHTS } from '../../../../components/ui/button';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import { PersonName, UserText } from '../../../../components/ui/user-text';
import { VisuallyHidden } from '../../../../components/ui/visually-hidden';
import { liveFlash } from '../../../../lib/live/live-flash';
import { describeChanges, goalField, type TReportedField } from './meeting-changes';
import type { CardHighlight } from './use-meeting-changes';
import type { TMethodTrend } from '../../api/get-method-trends';
import { MethodTrend } from '../method-trend';
import { ConfidenceTrend } from '../confidence-trend';
import { personSentence } from '../../../../lib/person-name';

// Sizes are in em of the view's type size, so presenting mode scales every card at once.
const Root = styled.article`
  display: flex;
  flex-direction: column;
  gap: 0.5em;
  height: 100%;
  padding: 0.85em 1em;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.colors.shadow};
  scroll-margin: 1em;

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

/** A block someone just changed: it flashes, then keeps a still edge while the note shows. */
const marked = (serial: number | undefined) => css`
  border-radius: ${({ theme }) => theme.radius.sm};
  ${serial === undefined ? '' : `box-shadow: inset 4px 0 0 var(--live-flash-edge);`}
  ${liveFlash(serial)}
`;

/** The status above the description, so the description has the card's whole width. */
const Head = styled.div<{ $flash?: number }>`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 0.4em;
  padding: 0.25em 0.4em;
  margin: -0.25em -0.4em;
  ${({ $flash }) => marked($flash)}
`;

/** Three lines of the card's width hold most descriptions; a longer one is clamped, whole in its tooltip. */
const Title = styled.h2`
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  align-self: stretch;
  overflow: hidden;
  height: calc(3 * 1.25em);
  font-size: 1.15em;
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  line-height: ${({ theme }) => theme.lineHeight.tight};
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

/** The badge grows with the view's type, and keeps its text label (colour never speaks alone). */
const Status = styled.div`
  flex-shrink: 0;

  > span {
    height: auto;
    padding: 0.3em 0.7em;
    font-size: 0.85em;
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
  }
`;

/** Owner and V2MOM on one line, after the stale mark when there is one; as tall as the mark either way, so it never moves the card. */
const Meta = styled.div<{ $flash?: number }>`
  display: flex;
  align-items: center;
  gap: 0.5em;
  min-height: 1.6em;
  padding: 0 0.4em;
  margin: 0 -0.4em;
  ${({ $flash }) => marked($flash)}
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9em;

  > [data-stale-mark] {
    height: 1.6em;
    font-size: 0.85em;
  }
`;

const MetaText = styled.p`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const OwnerName = styled.span`
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

/** One field a row, each as wide as the card: a label or a measure never shares its line. */
const Fields = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 0.5em;
  margin: 0;
`;

const FieldRow = styled.div<{ $flash?: number }>`
  display: flex;
  flex-direction: column;
  gap: 0.2em;
  padding: 0.2em 0.4em;
  margin: 0 -0.4em;
  ${({ $flash }) => marked($flash)}
`;

const Label = styled.dt`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8em;
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  letter-spacing: 0.04em;
  text-transform: uppercase;
  overflow-wrap: anywhere;
`;

/** Clamped to `$lines` lines and always that tall, so a longer or shorter text never moves the cards. */
const Value = styled.dd<{ $lines: number; $muted: boolean }>`
  display: -webkit-box;
  -webkit-line-clamp: ${({ $lines }) => $lines};
  -webkit-box-orient: vertical;
  overflow: hidden;
  min-height: calc(${({ $lines }) => $lines} * 1.35em);
  margin: 0;
  line-height: 1.35;
  color: ${({ theme, $muted }) => ($muted ? theme.colors.textMuted : theme.colors.text)};
  font-style: ${({ $muted }) => ($muted ? 'italic' : 'normal')};
  overflow-wrap: anywhere;
`;

const ProgressLine = styled.dd`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.25em 0.75em;
  margin: 0;
  min-height: 1.4em;

  /* The bar keeps a readable length: the trend and the confidence go to a second line before it shrinks away. */
  > [role='progressbar'] {
    flex: 1 1 4em;
    min-width: 4em;
  }

  > span:first-of-type {
    min-width: 3.2em;
    text-align: right;
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** Who just changed the card, and its Comments button: as tall as the button whether or not it shows (it comes with its count). */
const Footer = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5em;
  min-height: ${BUTTON_HEIGHTS.sm};
  margin-top: auto;

  > :first-child {
    flex: 1;
    min-width: 0;
  }
`;

interface FieldProps {
  /** The quarter whose goal this field is, shown only while that quarter is selected. */
  goalOf?: TQuarter;
  label: string;
  value: string | null;
  empty: string;
  lines: number;
  flash?: number;
}

function Field({ goalOf, label, value, empty, lines, flash }: FieldProps) {
  return (
    <FieldRow $flash={flash} {...(goalOf ? { [GOAL_QUARTER_ATTRIBUTE]: goalOf } : {})}>
      <Label>{label}</Label>
      <Value $lines={lines} $muted={!value} title={value ?? undefined}>
        {value || empty}
      </Value>
    </FieldRow>
  );
}

export interface CooMethodCardProps {
  /** All it reads of the method; a meeting-room screen's methods (people by name only) are enough. */
  method: TRoomMethod;
  highlight: CardHighlight | undefined;
  /** The method's last weeks, beside its progress. */
  trend: TMethodTrend;
  /** What moved since a day compared with (docs/PRODUCT.md#as-of), under its fields. */
  moves?: ReactNode;
}

/**
 * Names the quarter of a goal field. A card holds the goals of all four quarters and the card
 * list shows the selected quarter's (`selectedGoalStyles`), so switching quarters re-renders no
 * card, however many there are.
 */
const GOAL_QUARTER_ATTRIBUTE = 'data-goal-quarter';

/** On the card list: shows each card's goal of `quarter` and hides the other three. */
export const selectedGoalStyles = (quarter: TQuarter) => `
  [${GOAL_QUARTER_ATTRIBUTE}]:not([${GOAL_QUARTER_ATTRIBUTE}='${quarter}']) {
    display: none;
  }
`;

/**
 * One COO-tracked method (docs/PRODUCT.md#coo-view): the selected quarter's goal, status, progress,
 * measures, owner and latest update. Memoised: a change to one method re-renders only its card.
 */
export const CooMethodCard = memo(function CooMethodCard({ method, highlight, trend, moves }: CooMethodCardProps) {
  const titleId = `${methodCardId(method.id)}-title`;
  const flashOf = (...fields: TReportedField[]) =>
    highlight?.changes.some((change) => change.field !== null && fields.includes(change.field)) ? highlight.serial : undefined;
  const note = highlight ? [...describeChanges(highlight.changes), ' · just now'] : null;
  return (
    <Root id={methodCardId(method.id)} aria-labelledby={titleId} tabIndex={-1}>
      <Head $flash={flashOf('status', 'description')}>
        <Status>
          <WorkStatusBadge status={method.status} dot={false} />
        </Status>
        <Title id={titleId} title={method.description}>
          {method.description}
        </Title>
      </Head>
      <Meta $flash={flashOf('ownerId')}>
        <StaleMark method={method} />
        <MetaText title={sentenceText([...personSentence(method.owner), ' · ', written(method.v2mom.title)])}>
          <VisuallyHidden>Owner: </VisuallyHidden>
          <OwnerName>
            <PersonName person={method.owner} />
          </OwnerName>{' '}
          · <UserText>{method.v2mom.title}</UserText>
        </MetaText>
      </Meta>
      <Fields>
        {QUARTERS.map((quarter) => {
          const goal = goalField(quarter);
          return (
            <Field
              key={quarter}
              goalOf={quarter}
              label={`${quarterLabel(quarter)} goal`}
              value={method[goal]}
              empty="No goal set"
              lines={2}
              flash={flashOf(goal)}
            />
          );
        })}
        <FieldRow $flash={flashOf('progress')}>
          <Label>Progress</Label>
          <ProgressLine>
            <ProgressBar value={method.progress} size="lg" variant={progressColor(method.progress)} label={`Progress of ${method.description}`} />
            <span>{method.progress}%</span>
            <MethodTrend trend={trend} progress={method.progress} status={method.status} />
            <ConfidenceTrend method={method} />
          </ProgressLine>
        </FieldRow>
        <Field label="Measure" value={method.measure} empty="No measure set" lines={2} flash={flashOf('measure')} />
        <Field label="Current measure" value={method.currentMeasure} empty="Not measured" lines={2} flash={flashOf('currentMeasure')} />
        <Field label="Latest update" value={method.update} empty="No updates yet" lines={2} flash={flashOf('update')} />
      </Fields>
      {moves}
      <Footer>
        <ReservedChangeNote sentence={note} />
        <ThreadButton subject="method" id={method.id} title={method.description} />
      </Footer>
    </Root>
  );
});
