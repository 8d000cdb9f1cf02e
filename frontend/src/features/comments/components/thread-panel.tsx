import { useRef } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { CommentThread, type CommentThreadProps } from './comment-thread';

export interface ThreadPanelProps extends CommentThreadProps {
  /** What the thread is about: the method's or obstacle's text. */
  title: string;
  onClose: () => void;
}

/**
 * A method's or obstacle's thread over the page that lists it, closed with Esc or Close. Opened
 * for a linked comment, focus waits on the thread until the comment shows and takes it.
 */
export function ThreadPanel({ title, onClose, ...thread }: ThreadPanelProps) {
  const threadRef = useRef<HTMLDivElement>(null);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Comments on ${title}`}
      size="lg"
      initialFocus={thread.focusCommentId === undefined ? undefined : threadRef}
    >
      <div ref={threadRef} tabIndex={-1}>
        <CommentThread {...thread} />
      </div>
    </Dialog>
  );
}
