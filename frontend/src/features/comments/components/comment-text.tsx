import type { TUserRef } from '@v2mom/contracts';
import { Suspense, useMemo, type ComponentProps, type ReactNode } from 'react';
import styled from 'styled-components';
import { preloadable } from '../../../lib/preloadable';
import type { MarkdownText as LoadedMarkdownText } from '../../../components/markdown/markdown-text';

// The Markdown renderer is larger than a screen's own code: it loads with the first comment shown,
// not with every screen that holds a thread (docs/PERFORMANCE.md, "What a first visit downloads").
const MarkdownText = preloadable<ComponentProps<typeof LoadedMarkdownText>>(() =>
  import('../../../components/markdown/markdown-text').then(({ MarkdownText }) => ({ default: MarkdownText })),
);

const TOKEN = /<@(\d{1,10})>/g;

/** A piece of text split at its mention tokens: each known person's becomes an `@Name` chip (docs/PRODUCT.md#comments). */
function splitAtMentions(value: string, names: ReadonlyMap<number, string>): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of value.matchAll(TOKEN)) {
    const name = names.get(Number(match[1]));
    if (name === undefined) continue;
    if (match.index > last) parts.push(value.slice(last, match.index));
    parts.push(
      <span key={match.index} className="mention">
        {`@${name}`}
      </span>,
    );
    last = match.index + match[0].length;
  }
  if (last === 0) return value;
  if (last < value.length) parts.push(value.slice(last));
  return parts;
}

const Body = styled.div`
  .mention {
    display: inline-block;
    padding: 0 ${({ theme }) => theme.space[1]};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primaryText};
    font-style: normal;
    font-weight: ${({ theme }) => theme.fontWeight.medium};
  }
`;

/** A comment's text: safe Markdown, web links opened apart, mentions as `@Name` chips. */
export function CommentText({ text, mentions }: { text: string; mentions: readonly TUserRef[] }) {
  const renderText = useMemo(() => {
    const names = new Map(mentions.map((person) => [person.id, person.name]));
    return (value: string) => splitAtMentions(value, names);
  }, [mentions]);
  return (
    <Body>
      <Suspense fallback={null}>
        <MarkdownText text={text} links="web" renderText={renderText} />
      </Suspense>
    </Body>
  );
}
