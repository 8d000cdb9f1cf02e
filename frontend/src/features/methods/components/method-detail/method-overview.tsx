import {
  currentQuarterMeasure,
  fiscalQuarterOf,
  pathTo,
  progressColor,
  quarterLabel,
  type TMethodDetail,
} from '@v2mom/contracts';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ChangedByNote } from '../../../../components/live/changed-by-note';
import { Badge, WorkStatusBadge } from '../../../../components/ui/badge';
import { PageTitle } from '../../../../components/ui/page-header';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import { TextOr } from '../../../../components/ui/text-or';
import { liveFlash } from '../../../../lib/live/live-flash';
import { changeKeys, useRecentChange } from '../../../../lib/live/recent-changes';
import { BlockLabel, Prose, Tile, TileGrid } from './detail-parts';
import { UpdateByline } from '../../../../components/ui/update-byline';
import { MethodCheckIns } from './method-check-ins';
import { ConfidenceTrend } from '../confidence-trend';
import { clock } from '../../../../lib/clock';
import { formatDate } from '../../../../lib/dates';
import { PersonName } from '../../../../components/ui/user-text';

const Root = styled.header<{ $flash?: number }>`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  margin: -${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.md};
  ${({ $flash }) => liveFlash($flash)}
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const Title = styled(PageTitle)`
  overflow-wrap: anywhere;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 150px), 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;

  dt {
    font-size: ${({ theme }) => theme.fontSize.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.fontWeight.medium};
    overflow-wrap: anywhere;
  }
  a {
    color: ${({ theme }) => theme.colors.primaryText};
  }
`;

/** Where a method carried into this year came from (docs/PRODUCT.md#next-year). */
const CarriedFrom = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Department = styled.span`
  display: block;
  font-weight: ${({ theme }) => theme.fontWeight.regular};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ProgressRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Earlier = styled.details`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.primaryText};
  }
  > button {
    margin-top: ${({ theme }) => theme.space[2]};
  }
`;

/** The four figures: each as tall as its own text, so opening the check-ins under one stretches no other. */
const FigureGrid = styled(TileGrid)`
  align-items: start;
`;

/** Under the latest update: who wrote it and when, and the method's check-ins, loaded when opened. */
function LatestUpdateMore({ method }: { method: TMethodDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <UpdateByline method={method} />
      {method.updateCount > 0 ? (
        <Earlier onToggle={(event) => setOpen(event.currentTarget.open)}>
          <summary>Check-ins ({method.updateCount})</summary>
          {open ? <MethodCheckIns methodId={method.id} /> : null}
        </Earlier>
      ) : null}
    </>
  );
}

/** One of the four figures: a titled region holding a text. */
function FigureBlock({ title, children, more }: { title: string; children: ReactNode; more?: ReactNode }) {
  const titleId = useId();
  return (
    <Tile as="section" $raised aria-labelledby={titleId}>
      <BlockLabel as="h2" id={titleId}>
        {title}
      </BlockLabel>
      <Prose>{children}</Prose>
      {more}
    </Tile>
  );
}

/**
 * The head of the method detail: what it is, its state and people, and the four figures a reader
 * looks for first. Someone else's change flashes it and says who made it.
 */
export function MethodOverview({ method }: { method: TMethodDetail }) {
  const change = useRecentChange(changeKeys.item('method', method.id));
  const today = clock.now();
  const quarter = quarterLabel(fiscalQuarterOf(today));
  const progress = Math.round(method.progress);

  return (
    <Root $flash={change?.serial}>
      <Badges>
        <WorkStatusBadge status={method.status} />
        {method.forCooTracking ? <Badge tone="primary">COO Tracking</Badge> : null}
      </Badges>
      <Title>{method.description}</Title>
      {method.carriedFrom ? (
        <CarriedFrom>
          <Link to={pathTo.method(method.carriedFrom.id)}>Carried from {method.carriedFrom.year}</Link>
        </CarriedFrom>
      ) : null}
      <ChangedByNote change={change} />
      <Facts>
        <div>
          <dt>Owner</dt>
          <dd>
            {method.owner ? (
              <>
                <PersonName person={method.owner} />
                <Department>{method.owner.department}</Department>
              </>
            ) : (
              'Unassigned'
            )}
          </dd>
        </div>
        <div>
          <dt>L2 Owner</dt>
          <dd>{method.l2Owner ?? 'None'}</dd>
        </div>
        <div>
          <dt>V2MOM</dt>
          <dd>
            <Link to={pathTo.v2mom(method.v2mom.id)}>{method.v2mom.title}</Link>
            <Department>{method.v2mom.year}</Department>
          </dd>
        </div>
        <div>
          <dt>Due date</dt>
          <dd>{method.dueDate ? formatDate(method.dueDate) : 'Not set'}</dd>
        </div>
        <div>
          <dt>Confidence</dt>
          <dd>{method.confidence === null ? 'Not given' : <ConfidenceTrend method={method} label={null} />}</dd>
        </div>
      </Facts>
      <ProgressRow>
        <ProgressBar value={method.progress} variant={progressColor(method.progress)} label="Method progress" />
        <span>{progress}%</span>
      </ProgressRow>
      <FigureGrid>
        <FigureBlock title="Overall Measure">
          <TextOr value={method.measure} empty="No measure set" />
        </FigureBlock>
        <FigureBlock title={`Current Quarter Measure (${quarter})`}>
          <TextOr value={currentQuarterMeasure(method, today)} empty={`No ${quarter} measure set`} />
        </FigureBlock>
        <FigureBlock title="Current Measure">
          <TextOr value={method.currentMeasure} empty="Not measured" />
        </FigureBlock>
        <FigureBlock title="Latest Update" more={<LatestUpdateMore method={method} />}>
          <TextOr value={method.update} empty="No updates yet" />
        </FigureBlock>
      </FigureGrid>
    </Root>
  );
}
