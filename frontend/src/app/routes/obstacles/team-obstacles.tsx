import { PageHeader } from '../../../components/ui/page-header';

/** Not built yet (docs/PRODUCT.md#known-gaps): its title and nothing pretend. */
export default function TeamObstaclesPage() {
  return <PageHeader title="Team Obstacles" />;
}
