import { useId } from 'react';
import styled from 'styled-components';
import { useThread } from '../api/get-thread';
import { CommentThread, type CommentThreadProps } from './comment-thread';

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.colors.shadow};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

/** A page's "Comments" block: its thread under a heading that counts it. */
export function CommentsSection(props: CommentThreadProps) {
  const titleId = useId();
  const count = useThread(props.subject, props.subjectId).data?.pages[0]?.thread.commentCount;
  return (
    <Panel aria-labelledby={titleId}>
      <Title id={titleId}>Comments{count ? ` (${count})` : ''}</Title>
      <CommentThread {...props} />
    </Panel>
  );
}
