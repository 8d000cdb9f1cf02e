import type { ReactNode } from 'react';
import { Paragraph, TextLink } from './email-layout.js';
import type { TemplateContext } from './template-context.js';

// The meeting brief's markdown in an email (docs/PRODUCT.md#meeting-brief): the few marks the
// brief uses (links to the app's screens, bold, escapes, a list's dashes), each paragraph a line of
// text. Anything else stays as it was written.

const INLINE = /\[((?:\\.|[^\]\\\n])*)\]\((\/[^)\s]*)\)|\*\*((?:\\.|[^*\\])+)\*\*|\\(.)/g;

function inline(text: string, context: TemplateContext): ReactNode[] {
  const nodes: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(INLINE)) {
    nodes.push(text.slice(from, match.index));
    const [, label, target, bold, escaped] = match;
    if (label !== undefined && target !== undefined) {
      nodes.push(
        <TextLink key={match.index} href={context.url(target)}>
          {inline(label, context)}
        </TextLink>,
      );
    } else if (bold !== undefined) nodes.push(<strong key={match.index}>{inline(bold, context)}</strong>);
    else nodes.push(escaped);
    from = match.index + match[0].length;
  }
  nodes.push(text.slice(from));
  return nodes;
}

/** Italic alone on its line (the analyst's note) is shown as such. */
function line(text: string, context: TemplateContext): ReactNode {
  const italic = /^_(.+)_$/.exec(text);
  if (italic?.[1]) return <em>{inline(italic[1], context)}</em>;
  return inline(text.replace(/^[-*] /, '• '), context);
}

export function BriefText({ markdown, context }: { markdown: string; context: TemplateContext }) {
  return markdown
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph, index) => (
      <Paragraph key={index}>
        {paragraph.split('\n').map((text, at) => (
          <span key={at}>
            {at > 0 && <br />}
            {line(text.trim(), context)}
          </span>
        ))}
      </Paragraph>
    ));
}
