import { PageHeader } from '../../../components/ui/page-header';

/** Placeholder until this screen's issue lands: its title and nothing pretend. */
export default function CooViewPage() {
  return <PageHeader title="COO View" />;
}
