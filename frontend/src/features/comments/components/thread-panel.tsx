import { Dialog } from '../../../components/ui/dialog';
import { CommentThread, type CommentThreadProps } from './comment-thread';

export interface ThreadPanelProps extends CommentThreadProps {
  /** What the thread is about: the method's or obstacle's text. */
  title: string;
  onClose: () => void;
}

/** A method's or obstacle's thread over the page that lists it, closed with Esc or Close; opened for a linked comment, it focuses that comment. */
export function ThreadPanel({ title, onClose, ...thread }: ThreadPanelProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Comments on ${title}`} size="lg" initialFocus={thread.focusCommentId === undefined ? undefined : 'content'}>
      <CommentThread {...thread} />
    </Dialog>
  );
}
