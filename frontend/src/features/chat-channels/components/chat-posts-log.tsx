import { CHAT_POST_LABELS, chatChannelName, DELIVERY_STATUS_LABELS, type TChatChannel } from '@v2mom/contracts';
import { Button } from '../../../components/ui/button';
import { QueryTable } from '../../../components/ui/query-table';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { Td, Tr } from '../../../components/ui/table';
import { LogHeading } from '../../../components/ui/settings-panel';
import { useChatPosts } from '../api/get-chat-posts';
import { useSendTestChatPost } from '../api/send-test-chat-post';

const COLUMNS = ['Post', 'Status', 'Queued', 'Last attempt', 'Response', 'Attempts'];
const SKELETON_CELLS = [<Skeleton $width="90px" />, <Skeleton $width="70px" />, <Skeleton $width="80px" />, <Skeleton $width="80px" />, <Skeleton $width="40px" />, <Skeleton $width="20px" />];

/** A channel's post log: its latest posts with their last answers, and "Send test". */
export function ChatPostsLog({ channel }: { channel: TChatChannel }) {
  const posts = useChatPosts(channel.id);
  const sendTest = useSendTestChatPost(channel.id);
  const name = chatChannelName(channel);
  return (
    <section aria-label={`Posts to ${name}`}>
      <LogHeading>
        <h3>Posts to {name}</h3>
        <Button size="sm" disabled={sendTest.isPending} onClick={() => sendTest.mutate()}>
          {sendTest.isPending ? 'Sending...' : 'Send test'}
        </Button>
      </LogHeading>
      <QueryTable name={{ label: 'Posts' }} columns={COLUMNS} actions={false} query={posts} skeletonCells={SKELETON_CELLS} errorTitle="Failed to load the posts" emptyMessage="Nothing posted yet">
        {(posts.data ?? []).map((post) => (
          <Tr key={post.id} aria-label={`${CHAT_POST_LABELS[post.event]} ${post.id}`}>
            <Td data-primary>{CHAT_POST_LABELS[post.event]}</Td>
            <Td data-label="Status" title={post.lastError ?? undefined}>
              {DELIVERY_STATUS_LABELS[post.status]}
            </Td>
            <Td data-label="Queued">
              <RelativeTime value={post.createdAt} />
            </Td>
            <Td data-label="Last attempt">{post.lastAttemptAt ? <RelativeTime value={post.lastAttemptAt} /> : 'Not yet'}</Td>
            <Td data-label="Response">{post.responseCode ?? (post.lastError ? 'No answer' : '—')}</Td>
            <Td data-label="Attempts">{post.attempts}</Td>
          </Tr>
        ))}
      </QueryTable>
    </section>
  );
}
