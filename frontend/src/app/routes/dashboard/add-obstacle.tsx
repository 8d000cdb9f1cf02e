import { useSignedInUser } from '../../../lib/auth/use-signed-in-user';
import { useMethodsOfV2mom } from '../../../features/methods/api/search-methods';
import { AddObstacleDialog } from '../../../features/obstacles/components/add-obstacle-dialog';
import { PersonPicker } from '../../../features/users/components/person-picker';
import { V2momPicker } from '../../../features/v2moms/components/v2mom-picker';

/**
 * The dashboard's Add Obstacle dialog with the pickers of V2MOMs and people and the methods it
 * chooses from. Its own chunk, loaded and mounted only while the dialog is open, so closing it
 * resets the form.
 */
export default function AddObstacle({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const user = useSignedInUser();
  return (
    <AddObstacleDialog open onOpenChange={onOpenChange} user={user} V2momPicker={V2momPicker} useMethodsOfV2mom={useMethodsOfV2mom} OwnerPicker={PersonPicker} />
  );
}
