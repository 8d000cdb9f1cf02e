import { followedCardStyles } from '../../../../components/method-cards';
import { ThreadButton } from '../../../../components/thread-opener';
import {
  measureStatusLabel,
  pathTo,
  truncate,
  TRUNCATE_AT,
  type TMeasure,
  type TMethodListItem,
  type TObstacle,
  type TV2momComplete,
} from '@v2mom/contracts';
import { useContext, useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { Card } from '../../../../components/ui/card';
import { MethodCard, quietToggle } from './method-card';
import { itemKey, UnseenMarksContext } from '../unseen/unseen-context';
import { UnseenMark } from '../unseen/unseen-mark';
import { PersonName, UserText } from '../../../../components/ui/user-text';
import { usePersonChoice } from '../../../../lib/person-choice';

const SectionTitle = styled.h2`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  margin-bottom: ${({ theme }) => theme.space[3]};
`;

const Count = styled.span`
  display: inline-grid;
  place-items: center;
  min-width: 22px;
  height: 20px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.colors.neutralSoft};
  color: ${({ theme }) => theme.colors.neutralText};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-variant-numeric: tabular-nums;
`;

const EmptyText = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-style: italic;
`;

const Prose = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-size: ${({ theme }) => theme.fontSize.lg};
  line-height: 1.6;
`;

const ValueList = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: value;

  li {
    counter-increment: value;
    display: grid;
    grid-template-columns: 28px 1fr;
    gap: ${({ theme }) => theme.space[3]};
    align-items: baseline;
    overflow-wrap: anywhere;
  }
  li::before {
    content: counter(value);
    display: inline-grid;
    place-items: center;
    width: 24px;
    height: 24px;
    border-radius: ${({ theme }) => theme.radius.full};
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primaryText};
    font-size: ${({ theme }) => theme.fontSize.xs};
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
  }
`;

const MethodGrid = styled.div<{ $followedId: number | null }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 420px), 1fr));
  gap: ${({ theme }) => theme.space[4]};
  ${({ $followedId, theme }) => followedCardStyles($followedId, theme)}
`;

const ToggleRow = styled.div`
  display: flex;
  justify-content: center;
`;

const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  height: 36px;
  padding: 0 ${({ theme }) => theme.space[4]};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

const TwoColumns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 380px), 1fr));
  gap: ${({ theme }) => theme.space[4]};
`;

const ItemList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;

  & > li {
    padding: ${({ theme }) => theme.space[3]};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.bg};
    min-width: 0;
  }
`;

const ItemText = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  a {
    max-width: 100%;
    text-decoration: none;
  }
  /* Long method names shrink to an ellipsis instead of widening a phone screen. */
  a > span {
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

function Section({ title, count, mark, children }: { title: string; count?: number; mark?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card as="section" aria-labelledby={id}>
      <SectionTitle id={id}>
        {title}
        {count !== undefined ? <Count aria-label={`${count} in total`}>{count}</Count> : null}
        {mark}
      </SectionTitle>
      {children}
    </Card>
  );
}

export function VisionSection({ v2momId, vision }: { v2momId: number; vision: string }) {
  return (
    <Section title="Vision" mark={<UnseenMark entity="v2mom" rowId={v2momId} fields={['vision']} />}>{vision.trim() ? <Prose>{vision}</Prose> : <EmptyText>No vision written yet</EmptyText>}</Section>
  );
}

export function ValuesSection({ values }: { values: TV2momComplete['values'] }) {
  return (
    <Section title="Values" count={values.length}>
      {values.length === 0 ? (
        <EmptyText>No values defined</EmptyText>
      ) : (
        <ValueList>
          {values.map((value) => (
            <li key={value.id}>
              <span>
                {value.description} <UnseenMark entity="value" rowId={value.id} fields={['description']} created />
              </span>
            </li>
          ))}
        </ValueList>
      )}
    </Section>
  );
}

const MethodsHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => `0 ${theme.space[4]}`};
`;

const ShownToggle = styled.button`
  ${quietToggle}
`;

const METHODS_SHOWN = ['tracked', 'all'] as const;
type MethodsShown = (typeof METHODS_SHOWN)[number];

/** The V2MOM detail's choice of methods, the same on every V2MOM for one person (docs/PRODUCT.md#screens). */
function useMethodsShown(viewerId: number) {
  return usePersonChoice<MethodsShown>('v2mom-detail-methods', viewerId, METHODS_SHOWN, 'tracked');
}

const showAllLabel = (count: number) => (count === 1 ? 'Show 1 method' : `Show all ${count} methods`);

/** COO-tracked methods get a card, or every method once the reader asks; every method may appear as another's linked method. */
interface MethodsSectionProps {
  methods: TMethodListItem[];
  /** The signed-in person, whose choice of methods is remembered. */
  viewerId: number;
  /** The method the followed presenter selected (docs/PRODUCT.md#following-the-presenter). */
  followedId: number | null;
  /** A click or focus inside a card: the card this screen selected. */
  onSelect: (event: SyntheticEvent) => void;
  /** What moved on a method since a day compared with (docs/PRODUCT.md#as-of). */
  movesOf?: (methodId: number) => ReactNode;
}

export function MethodsSection({ methods, viewerId, followedId, onSelect, movesOf }: MethodsSectionProps) {
  const [choice, choose] = useMethodsShown(viewerId);
  const tracked = methods.filter((method) => method.forCooTracking);
  // The card a followed presenter selected shows even where this person chose tracked only.
  const followedUntracked = followedId !== null && methods.some((method) => method.id === followedId && !method.forCooTracking);
  // With every method tracked there is nothing more to show, whatever was chosen.
  const all = (choice === 'all' || followedUntracked) && tracked.length < methods.length;
  const shown = all ? methods : tracked;
  const id = useId();
  const toggle =
    tracked.length < methods.length ? (
      <ShownToggle type="button" onClick={() => choose(all ? 'tracked' : 'all')}>
        {all ? 'Show COO-tracked only' : showAllLabel(methods.length)}
      </ShownToggle>
    ) : null;
  return (
    <section aria-labelledby={id}>
      <MethodsHead>
        <SectionTitle id={id}>
          Methods
          <Count aria-label={all ? `${shown.length} in total` : `${shown.length} tracked for the COO`}>{shown.length}</Count>
        </SectionTitle>
        {shown.length > 0 ? toggle : null}
      </MethodsHead>
      {shown.length === 0 ? (
        <Card>
          <EmptyText>{methods.length === 0 ? 'No methods yet' : 'No COO-tracked methods.'}</EmptyText>
          {toggle}
        </Card>
      ) : (
        <MethodGrid $followedId={followedId} onClickCapture={onSelect} onFocusCapture={onSelect}>
          {shown.map((method) => (
            <MethodCard
              key={method.id}
              method={method}
              linkedMethods={methods.filter((other) => other.linkedMethodId === method.id)}
              moves={movesOf?.(method.id)}
            />
          ))}
        </MethodGrid>
      )}
    </section>
  );
}

const MEASURE_TONES: Record<string, BadgeTone> = { on_track: 'info', at_risk: 'danger' };

/** What the page adds under each obstacle (its sharing, for whoever may edit it: docs/PRODUCT.md#shared-obstacles). */
export type ObstacleActions = (obstacle: TObstacle) => ReactNode;

function ObstacleItem({ obstacle, methods, actions }: { obstacle: TObstacle; methods: TMethodListItem[]; actions?: ObstacleActions }) {
  const linked = methods.filter((method) => obstacle.linkedMethodIds.includes(method.id));
  return (
    <li>
      <ItemText>
        <UserText>{obstacle.description}</UserText> <UnseenMark entity="obstacle" rowId={obstacle.id} fields={['description']} created />
      </ItemText>
      <Meta>
        {obstacle.owner ? (
          <span>
            Owner: <PersonName person={obstacle.owner} />
          </span>
        ) : null}
        <UnseenMark entity="obstacle" rowId={obstacle.id} fields={['ownerId']} />
        {linked.map((method) => (
          <Link key={method.id} to={pathTo.method(method.id)} title={method.description}>
            <Badge tone="primary">{truncate(method.description, TRUNCATE_AT.teamObstacleText)}</Badge>
          </Link>
        ))}
        <ThreadButton subject="obstacle" id={obstacle.id} title={obstacle.description} />
      </Meta>
      {actions?.(obstacle)}
    </li>
  );
}

function MeasureItem({ measure }: { measure: TMeasure }) {
  return (
    <li>
      <ItemText>
        {measure.description} <UnseenMark entity="measure" rowId={measure.id} fields={['description']} created />
      </ItemText>
      <Meta>
        <Badge tone={MEASURE_TONES[measure.status] ?? 'success'}>{measureStatusLabel(measure.status)}</Badge>
        <UnseenMark entity="measure" rowId={measure.id} fields={['status', 'target', 'current']} />
        {measure.target ? <span>Target: {measure.target}</span> : null}
        {measure.current ? <span>Current: {measure.current}</span> : null}
      </Meta>
    </li>
  );
}

/** The Show/Hide 'Obstacles & Measures' toggle and what it reveals. */
export function ObstaclesAndMeasures({ document, obstacleActions }: { document: TV2momComplete; obstacleActions?: ObstacleActions }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  // Opens by itself once, when others changed an obstacle or a measure the person has not seen.
  const { items } = useContext(UnseenMarksContext);
  const [revealed, setRevealed] = useState(false);
  const unseenInside =
    document.obstacles.some((obstacle) => items.has(itemKey('obstacle', obstacle.id))) ||
    document.measures.some((measure) => items.has(itemKey('measure', measure.id)));
  if (unseenInside && !revealed) {
    setRevealed(true);
    setOpen(true);
  }
  return (
    <>
      <ToggleRow>
        <Toggle type="button" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((value) => !value)}>
          {open ? 'Hide' : 'Show'} Obstacles & Measures
        </Toggle>
      </ToggleRow>
      <div id={regionId} hidden={!open}>
        {open ? (
          <TwoColumns>
            <Section title="Obstacles" count={document.obstacles.length}>
              {document.obstacles.length === 0 ? (
                <EmptyText>No obstacles defined</EmptyText>
              ) : (
                <ItemList>
                  {document.obstacles.map((obstacle) => (
                    <ObstacleItem key={obstacle.id} obstacle={obstacle} methods={document.methods} actions={obstacleActions} />
                  ))}
                </ItemList>
              )}
            </Section>
            <Section title="Measures" count={document.measures.length}>
              {document.measures.length === 0 ? (
                <EmptyText>No measures defined</EmptyText>
              ) : (
                <ItemList>
                  {document.measures.map((measure) => (
                    <MeasureItem key={measure.id} measure={measure} />
                  ))}
                </ItemList>
              )}
            </Section>
          </TwoColumns>
        ) : null}
      </div>
    </>
  );
}
