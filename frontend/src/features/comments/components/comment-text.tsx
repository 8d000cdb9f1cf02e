import type { TUserRef } from '@v2mom/contracts';
import { Suspense, useMemo, type ComponentProps } from 'react';
import styled from 'styled-components';
import { preloadable } from '../../../lib/preloadable';
import type { MarkdownText as LoadedMarkdownText } from '../../../components/markdown/markdown-text';

// The Markdown renderer is larger than a screen's own code: it loads with the first comment shown,
// not with every screen that holds a thread (docs/PERFORMANCE.md, "What a first visit downloads").
const MarkdownText = preloadable<ComponentProps<typeof LoadedMarkdownText>>(() =>
  import('../../../components/markdown/markdown-text').then(({ MarkdownText }) => ({ default: MarkdownText })),
);

/** The few Markdown tree fields the mention pass reads and writes. */
interface MarkdownNode {
  type: string;
  value?: string;
  children?: MarkdownNode[];
  data?: { hName?: string; hProperties?: Record<string, unknown> };
}

const TOKEN = /<@(\d{1,10})>/g;

/** A text node split at its mention tokens: each known person's becomes an `@Name` chip. */
function splitAtMentions(value: string, names: ReadonlyMap<number, string>): MarkdownNode[] {
  const parts: MarkdownNode[] = [];
  let last = 0;
  for (const match of value.matchAll(TOKEN)) {
    const name = names.get(Number(match[1]));
    if (name === undefined) continue;
    if (match.index > last) parts.push({ type: 'text', value: value.slice(last, match.index) });
    parts.push({
      type: 'emphasis',
      data: { hName: 'span', hProperties: { className: ['mention'] } },
      children: [{ type: 'text', value: `@${name}` }],
    });
    last = match.index + match[0].length;
  }
  if (last === 0) return [{ type: 'text', value }];
  if (last < value.length) parts.push({ type: 'text', value: value.slice(last) });
  return parts;
}

function replaceMentions(node: MarkdownNode, names: ReadonlyMap<number, string>): void {
  if (!node.children) return;
  node.children = node.children.flatMap((child) => {
    if (child.type === 'text' && child.value !== undefined) return splitAtMentions(child.value, names);
    replaceMentions(child, names); // code keeps its text as written
    return [child];
  });
}

/** A remark pass showing each `<@id>` as the person's name now (docs/PRODUCT.md#comments). */
function mentionsPlugin(mentions: readonly TUserRef[]) {
  const names = new Map(mentions.map((person) => [person.id, person.name]));
  return () => (tree: MarkdownNode) => replaceMentions(tree, names);
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
  const plugins = useMemo(() => [mentionsPlugin(mentions)], [mentions]);
  return (
    <Body>
      <Suspense fallback={null}>
        <MarkdownText text={text} links="web" plugins={plugins} />
      </Suspense>
    </Body>
  );
}
