import {
  APPROVAL_COMMENT_MAX,
  APPROVAL_STATE_LABELS,
  canDecideV2mom,
  canSubmitV2mom,
  type TApprovalState,
  type TUser,
  type TV2mom,
} from '@v2mom/contracts';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Textarea, invalidProps } from '../../../components/ui/field';
import { RelativeTime } from '../../../components/ui/relative-time';
import { UserText } from '../../../components/ui/user-text';
import { useApprovalStep } from '../api/decide-approval';

const Bar = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin-left: auto;
`;

const Comment = styled.blockquote`
  flex-basis: 100%;
  margin: 0;
  padding-left: ${({ theme }) => theme.space[3]};
  border-left: 3px solid ${({ theme }) => theme.colors.warningText};
  color: ${({ theme }) => theme.colors.text};
  white-space: pre-wrap;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const APPROVAL_TONES: Record<TApprovalState, BadgeTone> = {
  draft: 'neutral',
  submitted: 'info',
  approved: 'success',
  changes_requested: 'warning',
};

/** The approval's state as a badge, with `Changed since approved` beside an approved one that changed (docs/PRODUCT.md#approval). */
export function ApprovalBadges({ approval }: { approval: NonNullable<TV2mom['approval']> }) {
  return (
    <>
      <Badge tone={APPROVAL_TONES[approval.state]} dot>
        {APPROVAL_STATE_LABELS[approval.state]}
      </Badge>
      {approval.changedSinceApproved ? <Badge tone="warning">Changed since approved</Badge> : null}
    </>
  );
}

/**
 * Where a person's V2MOM stands on its way to approval, with what the viewer may do about it: its
 * owner submits it, its approver approves it or asks for changes (docs/PRODUCT.md#approval).
 * Nothing for a V2MOM published without approval.
 */
export function ApprovalBar({ v2mom, viewer }: { v2mom: TV2mom; viewer: TUser }) {
  const [requesting, setRequesting] = useState(false);
  const submit = useApprovalStep('submit');
  const approve = useApprovalStep('approve');
  const { approval } = v2mom;
  if (!approval) return null;
  const mine = viewer.id === v2mom.userId;
  const deciding = canDecideV2mom(viewer, v2mom);
  const busy = submit.isPending || approve.isPending;
  return (
    <Bar aria-label="Approval">
      <ApprovalBadges approval={approval} />
      {approval.state === 'submitted' && approval.submittedAt ? (
        <Muted>
          Submitted <RelativeTime value={approval.submittedAt} />
        </Muted>
      ) : null}
      <Actions>
        {canSubmitV2mom(viewer, v2mom) ? (
          <Button variant="primary" loading={submit.isPending} disabled={busy} onClick={() => submit.mutate({ action: 'submit', id: v2mom.id, version: v2mom.version })}>
            Submit for approval
          </Button>
        ) : null}
        {deciding ? (
          <>
            <Button variant="primary" loading={approve.isPending} disabled={busy} onClick={() => approve.mutate({ action: 'approve', id: v2mom.id, version: v2mom.version })}>
              Approve
            </Button>
            <Button disabled={busy} onClick={() => setRequesting(true)}>
              Request changes
            </Button>
          </>
        ) : null}
      </Actions>
      {mine && approval.state === 'changes_requested' && approval.comment ? (
        <Comment aria-label="Changes requested">
          <UserText>{approval.comment}</UserText>
        </Comment>
      ) : null}
      {requesting ? <RequestChangesDialog v2mom={v2mom} onClose={() => setRequesting(false)} /> : null}
    </Bar>
  );
}

/** Asks what should change: required, up to 2000 characters. */
function RequestChangesDialog({ v2mom, onClose }: { v2mom: TV2mom; onClose: () => void }) {
  const id = useId();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const step = useApprovalStep('requestChanges');
  const send = () => {
    const text = comment.trim();
    if (!text) return setError('Say what should change');
    if (text.length > APPROVAL_COMMENT_MAX) return setError(`At most ${APPROVAL_COMMENT_MAX} characters`);
    step.mutate({ action: 'requestChanges', id: v2mom.id, version: v2mom.version, comment: text }, { onSuccess: onClose });
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Request changes"
      description={
        <>
          Tell <UserText>{v2mom.user.name}</UserText> what should change in <UserText>{v2mom.title}</UserText>.
        </>
      }
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" loading={step.isPending} onClick={send}>
            Send back
          </Button>
        </>
      }
    >
      <Field htmlFor={id} label="What should change" error={error}>
        <Textarea
          id={id}
          rows={5}
          value={comment}
          onChange={(event) => {
            setComment(event.target.value);
            setError(undefined);
          }}
          {...invalidProps(id, error)}
        />
      </Field>
    </Dialog>
  );
}
