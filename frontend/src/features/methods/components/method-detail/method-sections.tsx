import {
  METHOD_PROSE_FIELDS,
  QUARTERS,
  fiscalQuarterOf,
  pathTo,
  quarterLabel,
  quarterMeasureField,
  type TLinkedMethodRef,
  type TMethodDetail,
  type TObstacle,
  type TQuarter,
} from '@v2mom/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, WorkStatusBadge } from '../../../../components/ui/badge';
import { LinkButton } from '../../../../components/ui/button';
import { StackList } from '../../../../components/ui/card';
import { TextOr } from '../../../../components/ui/text-or';
import { DetailPanel } from '../../../../components/ui/detail-panel';
import { BlockLabel, Prose, Tile, TileGrid } from './detail-parts';
import { clock } from '../../../../lib/clock';
import { PersonName } from '../../../../components/ui/user-text';

const Quarters = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const QuarterItem = styled.li<{ $current: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme, $current }) => ($current ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $current }) => ($current ? theme.colors.primarySoft : theme.colors.bg)};
`;

const QuarterHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};

  h3 {
    font-size: ${({ theme }) => theme.fontSize.md};
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
  }
`;

const Goal = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const ItemTitle = styled.h3`
  font-size: ${({ theme }) => theme.fontSize.md};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Muted = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const LinkedRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

const Values = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]};
  overflow-wrap: anywhere;
`;

const Small = styled.p`
  color: ${({ theme }) => theme.colors.textSubtle};
  font-style: italic;
`;

function ProsePanel({ title, text, empty }: { title: string; text: string | null; empty: string }) {
  return (
    <DetailPanel titleId={useId()} title={title}>
      <Prose>
        <TextOr value={text} empty={empty} />
      </Prose>
    </DetailPanel>
  );
}

/** A panel for each long text of METHOD_PROSE_FIELDS (Activities…), in the order of the table. */
export function ProsePanels({ method }: { method: TMethodDetail }) {
  return METHOD_PROSE_FIELDS.map(({ field, title, empty }) => <ProsePanel key={field} title={title} text={method[field]} empty={empty} />);
}

function QuarterCard({ method, quarter, current }: { method: TMethodDetail; quarter: TQuarter; current: boolean }) {
  const goal = method[`${quarter}Goal`];
  return (
    <QuarterItem $current={current} aria-current={current ? 'true' : undefined}>
      <QuarterHead>
        <h3>{quarterLabel(quarter)} Measure</h3>
        {current ? <Badge tone="primary">Current quarter</Badge> : null}
      </QuarterHead>
      <Prose>
        <TextOr value={method[quarterMeasureField(quarter)]} empty="No measure set" />
      </Prose>
      {goal ? <Goal>Goal: {goal}</Goal> : null}
    </QuarterItem>
  );
}

/** Q1 to Q4, the fiscal quarter of today marked (docs/PRODUCT.md#fiscal-quarters). */
export function QuarterMeasuresPanel({ method }: { method: TMethodDetail }) {
  const current = fiscalQuarterOf(clock.now());
  return (
    <DetailPanel titleId={useId()} title="Quarterly Measures">
      <Quarters>
        {QUARTERS.map((quarter) => (
          <QuarterCard key={quarter} method={method} quarter={quarter} current={quarter === current} />
        ))}
      </Quarters>
    </DetailPanel>
  );
}

export function LinkedValuesPanel({ values }: { values: TMethodDetail['linkedValueItems'] }) {
  return (
    <DetailPanel titleId={useId()} title="Linked Values">
      {values.length === 0 ? (
        <Small>No linked values</Small>
      ) : (
        <Values>
          {values.map((value) => (
            <li key={value.id}>{value.description}</li>
          ))}
        </Values>
      )}
    </DetailPanel>
  );
}

function ObstacleItem({ obstacle }: { obstacle: TObstacle }) {
  return (
    <Tile as="li">
      <ItemTitle>{obstacle.description}</ItemTitle>
      <Muted>
        Owner: <PersonName person={obstacle.owner} />
      </Muted>
      <TileGrid>
        <div>
          <BlockLabel>Impact</BlockLabel>
          <Prose>
            <TextOr value={obstacle.impact} empty="Not assessed" />
          </Prose>
        </div>
        <div>
          <BlockLabel>Mitigation</BlockLabel>
          <Prose>
            <TextOr value={obstacle.mitigation} empty="No mitigation planned" />
          </Prose>
        </div>
      </TileGrid>
    </Tile>
  );
}

export function ObstaclesPanel({ obstacles }: { obstacles: TObstacle[] }) {
  return (
    <DetailPanel titleId={useId()} title="Obstacles">
      {obstacles.length === 0 ? (
        <Small>No obstacles linked to this method</Small>
      ) : (
        <StackList aria-label="Obstacles">
          {obstacles.map((obstacle) => (
            <ObstacleItem key={obstacle.id} obstacle={obstacle} />
          ))}
        </StackList>
      )}
    </DetailPanel>
  );
}

function LinkedMethodRow({ method, action }: { method: TLinkedMethodRef; action: boolean }) {
  return (
    <LinkedRow>
      <div>
        <ItemTitle as="p">{action ? method.description : <Link to={pathTo.method(method.id)}>{method.description}</Link>}</ItemTitle>
        <WorkStatusBadge status={method.status} dot={false} />
      </div>
      {action ? (
        <LinkButton to={pathTo.method(method.id)} size="sm" aria-label={`View Details: ${method.description}`}>
          View Details
        </LinkButton>
      ) : null}
    </LinkedRow>
  );
}

/** The method this one links to, with 'View Details'; and the methods that link to this one. */
export function LinkedMethodPanel({ linked, linkedFrom }: { linked: TLinkedMethodRef | null; linkedFrom: TLinkedMethodRef[] }) {
  return (
    <DetailPanel titleId={useId()} title="Linked Method">
      {linked ? <LinkedMethodRow method={linked} action /> : <Small>No linked method</Small>}
      {linkedFrom.length > 0 ? (
        <>
          <BlockLabel as="h3">Linked from</BlockLabel>
          <StackList>
            {linkedFrom.map((method) => (
              <li key={method.id}>
                <LinkedMethodRow method={method} action={false} />
              </li>
            ))}
          </StackList>
        </>
      ) : null}
    </DetailPanel>
  );
}
