import {
  currentQuarterMeasure,
  fiscalQuarterOf,
  pathTo,
  quarterLabel,
  quarterMeasureField,
  type TMethodListItem,
} from '@v2mom/contracts';
import { memo, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { methodCardId } from '../../../../components/method-cards';
import { ThreadButton } from '../../../../components/thread-opener';
import { WorkStatusBadge } from '../../../../components/ui/badge';
import { changeKeys, useRecentChange } from '../../../../lib/live/recent-changes';
import { ChangedByNote } from '../../../../components/live/changed-by-note';
import { ChevronRightIcon } from '../../../../components/ui/icons';
import { EmptyText, TextOr } from '../../../../components/ui/text-or';
import { CardFact, CardFacts, CardProgress, CardTitle, CardTop, WorkCard } from '../../../../components/ui/work-card';
import { UpdateByline } from '../../../../components/ui/update-byline';
import { UnseenMark } from '../unseen/unseen-mark';
import { clock } from '../../../../lib/clock';
import { PersonName, UserText } from '../../../../components/ui/user-text';

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

/** A button that reads as a link's text, its padding pulled into the margin: the V2MOM detail's toggles. */
export const quietToggle = css`
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
`;

const LinkedToggle = styled.button`
  ${quietToggle}
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  align-self: flex-start;

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

export interface MethodCardProps {
  method: TMethodListItem;
  /** Methods of this V2MOM whose linkedMethodId is this method. */
  linkedMethods: TMethodListItem[];
  /** What moved since a day compared with (docs/PRODUCT.md#as-of). */
  moves?: ReactNode;
}

/** One method on the V2MOM detail, COO-tracked unless the reader shows them all (docs/PRODUCT.md#screens). */
function MethodCardView({ method, linkedMethods, moves }: MethodCardProps) {
  const [showLinked, setShowLinked] = useState(false);
  const linkedListId = useId();
  const titleId = useId();
  const today = clock.now();
  const fiscalQuarter = fiscalQuarterOf(today);
  const quarter = quarterLabel(fiscalQuarter);
  const mark = (...fields: string[]) => <UnseenMark entity="method" rowId={method.id} fields={fields} />;
  const change = useRecentChange(changeKeys.item('method', method.id));

  return (
    <WorkCard id={methodCardId(method.id)} tabIndex={-1} aria-labelledby={titleId} $flash={change?.serial} $gap={4}>
      <CardTop>
        <CardTitle id={titleId}>
          <Link to={pathTo.method(method.id)}>{method.description}</Link>{' '}
          <UnseenMark entity="method" rowId={method.id} fields={['description']} created />
        </CardTitle>
        <span>
          <WorkStatusBadge status={method.status} /> {mark('status')}
        </span>
      </CardTop>
      <ChangedByNote change={change} />
      <People>
        <span>
          Owner:{' '}
          <strong>
            <PersonName person={method.owner} />
          </strong>{' '}
          {mark('ownerId')}
        </span>
        {method.l2Owner ? (
          <span>
            L2 Owner:{' '}
            <strong>
              <UserText>{method.l2Owner}</UserText>
            </strong>{' '}
            {mark('l2Owner')}
          </span>
        ) : null}
        {mark('progress')}
      </People>
      <CardProgress value={method.progress} of={method.description} />
      {method.supportsMethod ? (
        <p>
          Supports <Link to={pathTo.method(method.supportsMethod.id)}>{method.supportsMethod.description}</Link>
        </p>
      ) : null}
      <CardFacts $min="220px">
        <CardFact>
          <dt>Measure{mark('measure')}</dt>
          <dd>
            <TextOr value={method.measure} empty="No measure set" />
          </dd>
        </CardFact>
        <CardFact>
          <dt>Current Quarter Measure ({quarter}){mark(quarterMeasureField(fiscalQuarter))}</dt>
          <dd>
            <TextOr value={currentQuarterMeasure(method, today)} empty={`No ${quarter} measure set`} />
          </dd>
        </CardFact>
        <CardFact $wide>
          <dt>Updates{mark('update')}</dt>
          <dd>
            {method.update?.trim() ? method.update : <EmptyText>No updates yet</EmptyText>}
            <UpdateByline method={method} />
          </dd>
        </CardFact>
        <CardFact $wide>
          <dt>Current Measure{mark('currentMeasure')}</dt>
          <dd>
            <TextOr value={method.currentMeasure} empty="No current measure reported" />
          </dd>
        </CardFact>
      </CardFacts>
      {moves}
      <div>
        <ThreadButton subject="method" id={method.id} title={method.description} />
      </div>
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
                  <WorkStatusBadge status={linked.status} dot={false} />
                </Link>
              </li>
            ))}
          </LinkedList>
          ) : null}
        </div>
      ) : null}
    </WorkCard>
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
  (before, after) => before.method === after.method && before.moves === after.moves && sameRows(before.linkedMethods, after.linkedMethods),
);
