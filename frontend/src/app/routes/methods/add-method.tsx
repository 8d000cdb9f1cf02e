import { PATHS, canChangeStructure } from '@v2mom/contracts';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/page-header';
import { useSignedInUser } from '../../../lib/auth/use-signed-in-user';
import { useMethods } from '../../../features/methods/api/get-methods';
import { AddMethodForm } from '../../../features/methods/components/add-method/add-method-form';
import { useStructureContactName } from '../../../features/users/api/search-users';
import { PersonPicker } from '../../../features/users/components/person-picker';
import { useV2moms } from '../../../features/v2moms/api/get-v2moms';

/** /add-method (docs/PRODUCT.md#add-method): Cancel and a created method both go to /. */
export default function AddMethodPage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const v2moms = useV2moms();
  const methods = useMethods();
  // Who may create methods is asked for only to name them to those who may not.
  const structureContact = useStructureContactName(!canChangeStructure(user));
  return (
    <>
      <PageHeader title="Add New Method" subtitle="A method of a V2MOM, its measures and the obstacles in its way" />
      <AddMethodForm user={user} v2moms={v2moms} methods={methods} structureContact={structureContact} OwnerPicker={PersonPicker} onDone={() => void navigate(PATHS.root)} />
    </>
  );
}
