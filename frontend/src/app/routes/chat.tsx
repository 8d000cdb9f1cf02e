import { PageHeader } from '../../components/ui/page-header';

/** Not built yet (docs/PRODUCT.md#known-gaps): its title and nothing pretend. */
export default function ChatPage() {
  return <PageHeader title="V2MOM Assistant" />;
}
