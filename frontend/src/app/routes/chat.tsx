import { PageHeader } from '../../components/ui/page-header';

/** Placeholder until this screen's issue lands: its title and nothing pretend. */
export default function ChatPage() {
  return <PageHeader title="V2MOM Assistant" />;
}
