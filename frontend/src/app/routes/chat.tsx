import { ChatPanel } from '../../features/assistant/components/chat-panel';
import { PageHeader } from '../../components/ui/page-header';

/** The assistant (docs/PRODUCT.md#assistant). */
export default function ChatPage() {
  return (
    <>
      <PageHeader title="V2MOM Assistant" subtitle="Answers from your organisation's live V2MOM data" />
      <ChatPanel />
    </>
  );
}
