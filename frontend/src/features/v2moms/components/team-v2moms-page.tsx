import { PageHeader } from '../../../components/ui/page-header';

/** Placeholder until this screen's issue lands: its title and nothing pretend. */
export default function TeamV2momsPage() {
  return <PageHeader title="Team V2MOMs" />;
}
