import { PageHeader } from '../../../components/ui/page-header';

/** Not built yet (docs/PRODUCT.md#known-gaps): its title and nothing pretend. */
export default function AddMethodPage() {
  return <PageHeader title="Add New Method" />;
}
