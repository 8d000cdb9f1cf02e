import { useSignedInUser } from '../../../lib/auth/use-signed-in-user';
import { useMethods } from '../../../features/methods/api/get-methods';
import { AddObstacleDialog } from '../../../features/obstacles/components/add-obstacle-dialog';
import { PersonPicker } from '../../../features/users/components/person-picker';
import { useV2moms } from '../../../features/v2moms/api/get-v2moms';

/**
 * The dashboard's Add Obstacle dialog with the V2MOMs, methods and people it chooses from. Its own
 * chunk, loaded and mounted only while the dialog is open, so closing it resets the form.
 */
export default function AddObstacle({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const user = useSignedInUser();
  const v2moms = useV2moms();
  const methods = useMethods();
  return <AddObstacleDialog open onOpenChange={onOpenChange} user={user} v2moms={v2moms} methods={methods} OwnerPicker={PersonPicker} />;
}
