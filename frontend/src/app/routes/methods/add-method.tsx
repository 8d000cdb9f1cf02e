import { PATHS, canChangeStructure } from '@v2mom/contracts';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/page-header';
import { useSignedInUser } from '../../../lib/auth/use-signed-in-user';
import { AddMethodForm } from '../../../features/methods/components/add-method/add-method-form';
import { useStructureContactName } from '../../../features/users/api/search-users';
import { PersonPicker } from '../../../features/users/components/person-picker';
import { V2momPicker } from '../../../features/v2moms/components/v2mom-picker';

/** /add-method (docs/PRODUCT.md#add-method): Cancel and a created method both go to /. */
export default function AddMethodPage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  // Who may create methods is asked for only to name them to those who may not.
  const structureContact = useStructureContactName(!canChangeStructure(user));
  return (
    <>
      <PageHeader title="Add New Method" subtitle="A method of a V2MOM, its measures and the obstacles in its way" />
      <AddMethodForm user={user} V2momPicker={V2momPicker} structureContact={structureContact} OwnerPicker={PersonPicker} onDone={() => void navigate(PATHS.root)} />
    </>
  );
}
