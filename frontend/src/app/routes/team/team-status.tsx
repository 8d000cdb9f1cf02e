import { PageHeader } from '../../../components/ui/page-header';

/** Not built yet (docs/PRODUCT.md#known-gaps): its title and nothing pretend. */
export default function TeamStatusPage() {
  return <PageHeader title="Team Status" />;
}
