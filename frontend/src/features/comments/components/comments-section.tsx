import { useId } from 'react';
import { DetailPanel } from '../../../components/ui/detail-panel';
import { useThread } from '../api/get-thread';
import { CommentThread, type CommentThreadProps } from './comment-thread';

/** A page's "Comments" block: its thread under a heading that counts it. */
export function CommentsSection(props: CommentThreadProps) {
  const titleId = useId();
  const count = useThread(props.subject, props.subjectId).data?.pages[0]?.thread.commentCount;
  return (
    <DetailPanel titleId={titleId} title={`Comments${count ? ` (${count})` : ''}`}>
      <CommentThread {...props} />
    </DetailPanel>
  );
}
