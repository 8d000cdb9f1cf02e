import { PageHeader } from '../../../components/ui/page-header';

/** Placeholder until this screen's issue lands: its title and nothing pretend. */
export default function MyMethodsPage() {
  return <PageHeader title="My Methods and Tasks" />;
}
