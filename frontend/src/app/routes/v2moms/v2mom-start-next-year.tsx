import type { TV2momComplete } from '@v2mom/contracts';
import { useUserV2moms } from '../../../features/v2moms/api/get-user-v2moms';
import { NextYearDialog, type NextYearDialogProps } from '../../../features/v2moms/components/next-year/next-year-dialog';
import { PersonPicker } from '../../../features/users/components/person-picker';

export type StartNextYearProps = { v2mom: TV2momComplete } & Pick<NextYearDialogProps, 'onOpenChange' | 'onStarted'>;

/** The dialog with what it offers: the owner's V2MOMs (one of next year may take the methods) and active people. */
export default function StartNextYear({ v2mom, ...rest }: StartNextYearProps) {
  const ownerV2moms = useUserV2moms(v2mom.userId).data;
  return <NextYearDialog document={v2mom} ownerV2moms={ownerV2moms} OwnerPicker={PersonPicker} {...rest} />;
}
