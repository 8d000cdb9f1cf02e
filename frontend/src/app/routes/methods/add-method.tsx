import { PATHS } from '@v2mom/contracts';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/page-header';
import { useSignedInUser } from '../../../lib/auth/use-signed-in-user';
import { useMethods } from '../../../features/methods/api/get-methods';
import { AddMethodForm } from '../../../features/methods/components/add-method/add-method-form';
import { useUsers } from '../../../features/users/api/get-users';
import { useV2moms } from '../../../features/v2moms/api/get-v2moms';

/** /add-method (docs/PRODUCT.md#add-method): Cancel and a created method both go to /. */
export default function AddMethodPage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const v2moms = useV2moms();
  const methods = useMethods();
  const users = useUsers();
  return (
    <>
      <PageHeader title="Add New Method" subtitle="A method of a V2MOM, its measures and the obstacles in its way" />
      <AddMethodForm user={user} v2moms={v2moms} methods={methods} users={users} onDone={() => void navigate(PATHS.root)} />
    </>
  );
}
