import { canUpdateMethod, canWriteMethodUpdate, type TMethodDetail, type TUser } from '@v2mom/contracts';
import type { Ref } from 'react';
import { Button } from '../../../../components/ui/button';
import { DetailPanel } from '../../../../components/ui/detail-panel';
import { PencilIcon } from '../../../../components/ui/icons';
import { useMethod } from '../../api/get-method';
import { CheckInForm } from '../check-in/check-in-form';

/** Whether `actor` may check in on `method`: change its progress fields (docs/PRODUCT.md#data-permissions). */
function mayCheckIn(actor: TUser, method: TMethodDetail): boolean {
  return canUpdateMethod(actor, { ownerId: method.ownerId, v2mom: { userId: method.v2mom.owner?.id ?? -1 } }, true);
}

export interface MethodCheckInProps {
  method: TMethodDetail;
  actor: TUser;
  /** The check-in is open (the page's address says so: `?check-in`). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const panelId = (methodId: number) => `method-${methodId}-check-in`;

/** Check in, for whoever may check in; disabled while the check-in is open. */
export function CheckInButton({ method, actor, open, onOpenChange, opener }: MethodCheckInProps & { opener: Ref<HTMLButtonElement> }) {
  if (!mayCheckIn(actor, method)) return null;
  return (
    <Button
      ref={opener}
      variant="primary"
      leadingIcon={<PencilIcon />}
      aria-expanded={open}
      aria-controls={open ? panelId(method.id) : undefined}
      disabled={open}
      onClick={() => onOpenChange(true)}
    >
      Check in
    </Button>
  );
}

/**
 * The method detail's check-in (docs/PRODUCT.md#method-detail): the form My Methods edits with, in
 * a panel under the head, its progress focused. Save, Cancel or Esc closes it.
 */
export function MethodCheckInPanel({ method, actor, open, onOpenChange }: MethodCheckInProps) {
  const detail = useMethod(method.id);
  if (!open || !mayCheckIn(actor, method)) return null;
  return (
    <div id={panelId(method.id)}>
      <DetailPanel titleId={`${panelId(method.id)}-title`} title="Check in">
        <CheckInForm
          method={method}
          label={`Check in on ${method.description}`}
          mayWriteUpdate={canWriteMethodUpdate(actor, method)}
          onDone={() => onOpenChange(false)}
          onReload={async () => (await detail.refetch()).data}
        />
      </DetailPanel>
    </div>
  );
}
