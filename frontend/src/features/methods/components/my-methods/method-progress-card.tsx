import {
  canChangeStructure,
  canUpdateMethod,
  canWriteMethodUpdate,
  currentQuarterMeasure,
  fiscalQuarterOf,
  pathTo,
  progressColor,
  quarterLabel,
  workStatusLabel,
  workStatusTone,
  type TMethodListItem,
  type TUser,
} from '@v2mom/contracts';
import { DateTime } from 'luxon';
import { memo, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ChangedByNote } from '../../../../components/live/changed-by-note';
import { Badge, badgeToneOf } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import { TypedDeleteConfirm } from '../../../../components/ui/typed-delete-confirm';
import { liveFlash } from '../../../../lib/live/live-flash';
import { changeKeys, useRecentChange } from '../../../../lib/live/recent-changes';
import { useDeleteMethod } from '../../api/delete-method';
import { MethodProgressEditor } from './method-progress-editor';

const Root = styled.article<{ $flash?: number; $editing: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  height: 100%;
  min-width: 0;
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme, $editing }) => ($editing ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.colors.shadow};
  ${({ $flash }) => liveFlash($flash)}

  @media (max-width: 480px) {
    padding: ${({ theme }) => theme.space[4]};
  }
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

const Title = styled.h3`
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  line-height: ${({ theme }) => theme.lineHeight.tight};
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

const Meta = styled.p`
  margin-top: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
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
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
`;

const Block = styled.div<{ $wide?: boolean }>`
  min-width: 0;
  ${({ $wide }) => ($wide ? 'grid-column: 1 / -1;' : '')}

  dt {
    margin-bottom: ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSize.xs};
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textSubtle};
  }

  dd {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** The update text clamped to four lines, three on a phone (docs/PRODUCT.md#my-methods-and-tasks). */
const ClampedUpdate = styled.dd`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 4;
  overflow: hidden;

  @media (max-width: 480px) {
    -webkit-line-clamp: 3;
  }
`;

const Empty = styled.span`
  color: ${({ theme }) => theme.colors.textSubtle};
  font-style: italic;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: auto;
`;

function Text({ value, empty }: { value: string | null | undefined; empty: string }) {
  return value && value.trim() !== '' ? <>{value}</> : <Empty>{empty}</Empty>;
}

function formatDueDate(value: string): string {
  const date = DateTime.fromISO(value);
  return date.isValid ? date.toLocaleString(DateTime.DATE_MED) : value;
}

export interface MethodProgressCardProps {
  method: TMethodListItem;
  actor: TUser;
  /** This card is the one item in edit mode. */
  editing: boolean;
  /** Another item is in edit mode: only one at a time. */
  editLocked: boolean;
  onEdit: (methodId: number) => void;
  onDone: () => void;
  onReload: (methodId: number) => Promise<TMethodListItem | undefined>;
}

/** One of the signed-in user's methods, shown or edited in place (docs/PRODUCT.md#my-methods-and-tasks). */
function MethodProgressCardView({ method, actor, editing, editLocked, onEdit, onDone, onReload }: MethodProgressCardProps) {
  const titleId = `my-method-${method.id}-title`;
  const change = useRecentChange(changeKeys.item('method', method.id));
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteMethod();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  const quarter = quarterLabel(fiscalQuarterOf(new Date()));

  const mayEdit = canUpdateMethod(actor, { ownerId: method.ownerId, v2mom: { userId: method.v2mom.owner?.id ?? -1 } }, true);
  const mayDelete = canChangeStructure(actor);

  // Back to the Edit button once the editor closes, so the keyboard user keeps their place.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <Root aria-labelledby={titleId} $flash={change?.serial} $editing={editing} data-testid="my-method-card">
      <Head>
        <div>
          <Title id={titleId}>
            <Link to={pathTo.method(method.id)}>{method.description}</Link>
          </Title>
          <Meta>
            {method.v2mom.title} ({method.v2mom.year}){method.dueDate ? ` · Due ${formatDueDate(method.dueDate)}` : ''}
          </Meta>
          <ChangedByNote change={change} />
        </div>
        <Badge tone={badgeToneOf(workStatusTone(method.status))} dot>
          {workStatusLabel(method.status)}
        </Badge>
      </Head>
      <ProgressRow>
        <ProgressBar value={method.progress} size="sm" variant={progressColor(method.progress)} label={`Progress of ${method.description}`} />
        <span>{Math.round(method.progress)}%</span>
      </ProgressRow>
      {editing ? (
        <MethodProgressEditor
          method={method}
          mayWriteUpdate={canWriteMethodUpdate(actor, method)}
          onDone={onDone}
          onReload={() => onReload(method.id)}
        />
      ) : (
        <>
          <Blocks>
            <Block>
              <dt>{quarter} Measure</dt>
              <dd>
                <Text value={currentQuarterMeasure(method)} empty={`No ${quarter} measure set`} />
              </dd>
            </Block>
            <Block>
              <dt>Current Measure</dt>
              <dd>
                <Text value={method.currentMeasure} empty="No current measure reported" />
              </dd>
            </Block>
            <Block>
              <dt>L2 Owner</dt>
              <dd>
                <Text value={method.l2Owner} empty="None" />
              </dd>
            </Block>
            <Block $wide>
              <dt>Activities</dt>
              <dd>
                <Text value={method.activities} empty="No activities listed" />
              </dd>
            </Block>
            <Block $wide>
              <dt>Latest Update</dt>
              <ClampedUpdate data-testid="method-update">
                <Text value={method.update} empty="No updates yet" />
              </ClampedUpdate>
            </Block>
          </Blocks>
          {mayEdit || mayDelete ? (
            <Actions>
              {mayEdit ? (
                <Button ref={editButton} size="sm" disabled={editLocked} onClick={() => onEdit(method.id)} aria-label={`Edit ${method.description}`}>
                  Edit
                </Button>
              ) : null}
              {mayDelete ? (
                <Button
                  size="sm"
                  variant="danger"
                  disabled={editLocked}
                  loading={remove.isPending}
                  onClick={() => setConfirming(true)}
                  aria-label={`Delete ${method.description}`}
                >
                  {remove.isPending ? 'Deleting...' : 'Delete'}
                </Button>
              ) : null}
            </Actions>
          ) : null}
        </>
      )}
      {mayDelete ? (
        <TypedDeleteConfirm
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete this method?"
          description={`"${method.description}" and its measures will be permanently deleted. Its tasks and obstacles stay, unlinked.`}
          cancelledMessage="Method was not deleted"
          onConfirm={() => remove.mutate({ id: method.id, version: method.version })}
        />
      ) : null}
    </Root>
  );
}

/** Memoised on the row's identity (kept by structural sharing): a live change re-renders only its card. */
export const MethodProgressCard = memo(MethodProgressCardView);
