import {
  canChangeStructure,
  canUpdateMethod,
  canWriteMethodUpdate,
  currentQuarterMeasure,
  fiscalQuarterOf,
  pathTo,
  quarterLabel,
  type TMethodListItem,
  type TUser,
} from '@v2mom/contracts';
import { memo, useState, type ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ChangedByNote } from '../../../../components/live/changed-by-note';
import { WorkStatusBadge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { TextOr } from '../../../../components/ui/text-or';
import { TypedDeleteConfirm } from '../../../../components/ui/typed-delete-confirm';
import { CardFact, CardFacts, CardMeta, CardProgress, CardTitle, CardTop, clampedText, useFocusReturn, WorkCard } from '../../../../components/ui/work-card';
import { formatDate } from '../../../../lib/dates';
import { changeKeys, useRecentChange } from '../../../../lib/live/recent-changes';
import { useDeleteMethod } from '../../api/delete-method';
import type { TMethodTrend } from '../../api/get-method-trends';
import { MethodTrend } from '../method-trend';
import { UpdateByline } from '../../../../components/ui/update-byline';
import type { CheckInForm as LoadedCheckInForm } from '../check-in/check-in-form';
import { lazyEditor } from '../../../../components/lazy-editor';
import { clock } from '../../../../lib/clock';
import { UserText } from '../../../../components/ui/user-text';

const Root = styled(WorkCard)`
  height: 100%;
`;

/** The update text clamped (docs/PRODUCT.md#my-methods-and-tasks). */
const ClampedUpdate = styled.div`
  ${clampedText}
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: auto;
`;

export interface MethodProgressCardProps {
  method: TMethodListItem;
  actor: TUser;
  /** The method's last weeks (docs/PRODUCT.md#my-methods-and-tasks). */
  trend: TMethodTrend;
  /** This card is the one item in edit mode. */
  editing: boolean;
  /** Another item is in edit mode: only one at a time. */
  editLocked: boolean;
  onEdit: (methodId: number) => void;
  onDone: () => void;
  onReload: (methodId: number) => Promise<TMethodListItem | undefined>;
}

// My Methods' first view shows no check-in form.
const { Editor: CheckInForm, preloadOn: preloadFormOn } = lazyEditor<ComponentProps<typeof LoadedCheckInForm>>(() =>
  import('../check-in/check-in-form').then(({ CheckInForm }) => ({ default: CheckInForm })),
);

/** One of the signed-in user's methods, shown or edited in place (docs/PRODUCT.md#my-methods-and-tasks). */
function MethodProgressCardView({ method, actor, trend, editing, editLocked, onEdit, onDone, onReload }: MethodProgressCardProps) {
  const titleId = `my-method-${method.id}-title`;
  const change = useRecentChange(changeKeys.item('method', method.id));
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteMethod();
  const editButton = useFocusReturn<HTMLButtonElement>(editing);
  const today = clock.now();
  const quarter = quarterLabel(fiscalQuarterOf(today));

  const mayEdit = canUpdateMethod(actor, { ownerId: method.ownerId, v2mom: { userId: method.v2mom.owner?.id ?? -1 } }, true);
  const mayDelete = canChangeStructure(actor);

  return (
    <Root aria-labelledby={titleId} $flash={change?.serial} $editing={editing} $gap={4} $tightOnPhone data-testid="my-method-card">
      <CardTop>
        <div>
          <CardTitle id={titleId}>
            <Link to={pathTo.method(method.id)}>{method.description}</Link>
          </CardTitle>
          <CardMeta>
            <UserText>{method.v2mom.title}</UserText> ({method.v2mom.year}){method.dueDate ? ` · Due ${formatDate(method.dueDate)}` : ''}
          </CardMeta>
          <ChangedByNote change={change} />
        </div>
        <WorkStatusBadge status={method.status} />
      </CardTop>
      <CardProgress
        value={method.progress}
        of={method.description}
        trend={<MethodTrend trend={trend} progress={method.progress} status={method.status} />}
      />
      {editing ? (
        <CheckInForm
          method={method}
          label={`Edit method ${method.description}`}
          withOwnerFields
          mayWriteUpdate={canWriteMethodUpdate(actor, method)}
          onDone={onDone}
          onReload={() => onReload(method.id)}
        />
      ) : (
        <>
          <CardFacts $min="180px">
            <CardFact>
              <dt>{quarter} Measure</dt>
              <dd>
                <TextOr value={currentQuarterMeasure(method, today)} empty={`No ${quarter} measure set`} />
              </dd>
            </CardFact>
            <CardFact>
              <dt>Current Measure</dt>
              <dd>
                <TextOr value={method.currentMeasure} empty="No current measure reported" />
              </dd>
            </CardFact>
            <CardFact>
              <dt>L2 Owner</dt>
              <dd>
                <TextOr value={method.l2Owner} empty="None" />
              </dd>
            </CardFact>
            <CardFact $wide>
              <dt>Activities</dt>
              <dd>
                <TextOr value={method.activities} empty="No activities listed" />
              </dd>
            </CardFact>
            <CardFact $wide>
              <dt>Latest Update</dt>
              <dd>
                <ClampedUpdate data-testid="method-update">
                  <TextOr value={method.update} empty="No updates yet" />
                </ClampedUpdate>
                <UpdateByline method={method} />
              </dd>
            </CardFact>
          </CardFacts>
          {mayEdit || mayDelete ? (
            <Actions>
              {mayEdit ? (
                <Button
                  ref={editButton}
                  size="sm"
                  disabled={editLocked}
                  {...preloadFormOn}
                  onClick={() => onEdit(method.id)}
                  aria-label={`Edit ${method.description}`}
                >
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
          description={
            <>
              &quot;<UserText>{method.description}</UserText>&quot; and its measures will be permanently deleted. Its tasks and obstacles stay, unlinked.
            </>
          }
          cancelledMessage="Method was not deleted"
          onConfirm={() => remove.mutate({ id: method.id, version: method.version })}
        />
      ) : null}
    </Root>
  );
}

/** Memoised on the row's identity (kept by structural sharing): a live change re-renders only its card. */
export const MethodProgressCard = memo(MethodProgressCardView);
