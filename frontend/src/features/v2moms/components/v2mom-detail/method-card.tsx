import {
  currentQuarterMeasure,
  fiscalQuarterOf,
  pathTo,
  progressColor,
  quarterLabel,
  workStatusLabel,
  workStatusTone,
  type TMethodListItem,
} from '@v2mom/contracts';
import { memo, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, badgeToneOf } from '../../../../components/ui/badge';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import { liveFlash } from '../../../../lib/live/live-flash';
import { changeKeys, useRecentChange } from '../../../../lib/live/recent-changes';
import { ChangedByNote } from '../../../../components/live/changed-by-note';
import { ChevronRightIcon } from '../../../../components/ui/icons';

const Root = styled.article<{ $flash?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.colors.shadow};
  ${({ $flash }) => liveFlash($flash)}
`;

const Top = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

const Title = styled.h3`
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  line-height: ${({ theme }) => theme.lineHeight.tight};
  min-width: 0;
  overflow-wrap: anywhere;

  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.primaryText};
    text-decoration: underline;
  }
`;

const People = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[4]}`};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  strong {
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.fontWeight.medium};
  }
`;

const ProgressRow = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Blocks = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
`;

const Block = styled.div<{ $wide?: boolean }>`
  min-width: 0;
  ${({ $wide }) => ($wide ? 'grid-column: 1 / -1;' : '')}

  dt {
    font-size: ${({ theme }) => theme.fontSize.xs};
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textSubtle};
    margin-bottom: ${({ theme }) => theme.space[1]};
  }

  dd {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Empty = styled.span`
  color: ${({ theme }) => theme.colors.textSubtle};
  font-style: italic;
`;

const Earlier = styled.p`
  margin-top: ${({ theme }) => theme.space[2]};
  padding-left: ${({ theme }) => theme.space[3]};
  border-left: 2px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const LinkedToggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  align-self: flex-start;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
  margin-left: -${({ theme }) => theme.space[2]};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }

  svg {
    transition: transform ${({ theme }) => theme.motion.fast};
  }
  &[aria-expanded='true'] svg {
    transform: rotate(90deg);
  }
`;

const LinkedList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space[3]};
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.bg};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
  a:hover {
    border-color: ${({ theme }) => theme.colors.borderStrong};
  }
`;

function Text({ value, empty }: { value: string | null | undefined; empty: string }) {
  return value && value.trim() !== '' ? <>{value}</> : <Empty>{empty}</Empty>;
}

export interface MethodCardProps {
  method: TMethodListItem;
  /** Methods of this V2MOM whose linkedMethodId is this method. */
  linkedMethods: TMethodListItem[];
}

/** One COO-tracked method on the V2MOM detail (docs/PRODUCT.md#screens). */
function MethodCardView({ method, linkedMethods }: MethodCardProps) {
  const [showLinked, setShowLinked] = useState(false);
  const linkedListId = useId();
  const titleId = useId();
  const quarter = quarterLabel(fiscalQuarterOf(new Date()));
  const hasUpdates = Boolean(method.update?.trim() || method.updates?.trim());
  const change = useRecentChange(changeKeys.item('method', method.id));

  return (
    <Root aria-labelledby={titleId} $flash={change?.serial}>
      <Top>
        <Title id={titleId}>
          <Link to={pathTo.method(method.id)}>{method.description}</Link>
        </Title>
        <Badge tone={badgeToneOf(workStatusTone(method.status))} dot>
          {workStatusLabel(method.status)}
        </Badge>
      </Top>
      <ChangedByNote change={change} />
      <People>
        <span>
          Owner: <strong>{method.owner?.name ?? 'Unassigned'}</strong>
        </span>
        {method.l2Owner ? (
          <span>
            L2 Owner: <strong>{method.l2Owner}</strong>
          </span>
        ) : null}
      </People>
      <ProgressRow>
        <ProgressBar value={method.progress} size="sm" variant={progressColor(method.progress)} label={`Progress of ${method.description}`} />
        <span>{Math.round(method.progress)}%</span>
      </ProgressRow>
      <Blocks>
        <Block>
          <dt>Measure</dt>
          <dd>
            <Text value={method.measure} empty="No measure set" />
          </dd>
        </Block>
        <Block>
          <dt>Current Quarter Measure ({quarter})</dt>
          <dd>
            <Text value={currentQuarterMeasure(method)} empty={`No ${quarter} measure set`} />
          </dd>
        </Block>
        <Block $wide>
          <dt>Updates</dt>
          <dd>
            {hasUpdates ? (
              <>
                {method.update ? method.update : null}
                {method.updates ? <Earlier>{method.updates}</Earlier> : null}
              </>
            ) : (
              <Empty>No updates yet</Empty>
            )}
          </dd>
        </Block>
        <Block $wide>
          <dt>Current Measure</dt>
          <dd>
            <Text value={method.currentMeasure} empty="No current measure reported" />
          </dd>
        </Block>
      </Blocks>
      {linkedMethods.length > 0 ? (
        <div>
          <LinkedToggle
            type="button"
            aria-expanded={showLinked}
            aria-controls={showLinked ? linkedListId : undefined}
            onClick={() => setShowLinked((open) => !open)}
          >
            <ChevronRightIcon width={14} height={14} />
            Linked methods ({linkedMethods.length})
          </LinkedToggle>
          {showLinked ? (
          <LinkedList id={linkedListId}>
            {linkedMethods.map((linked) => (
              <li key={linked.id}>
                <Link to={pathTo.method(linked.id)}>
                  <span>{linked.description}</span>
                  <Badge tone={badgeToneOf(workStatusTone(linked.status))}>{workStatusLabel(linked.status)}</Badge>
                </Link>
              </li>
            ))}
          </LinkedList>
          ) : null}
        </div>
      ) : null}
    </Root>
  );
}

const sameRows = (a: readonly TMethodListItem[], b: readonly TMethodListItem[]) =>
  a.length === b.length && a.every((row, index) => row === b[index]);

/**
 * Memoised on its rows' identities (kept by structural sharing): a live change re-renders only
 * the cards it touches, though the section builds a new `linkedMethods` array each time.
 */
export const MethodCard = memo(
  MethodCardView,
  (before, after) => before.method === after.method && sameRows(before.linkedMethods, after.linkedMethods),
);
