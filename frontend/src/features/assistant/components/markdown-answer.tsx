import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router-dom';
import remarkGfm from 'remark-gfm';
import styled from 'styled-components';

const Prose = styled.div`
  overflow-wrap: anywhere;
  line-height: ${({ theme }) => theme.lineHeight.normal};

  & > * + * {
    margin-top: ${({ theme }) => theme.space[2]};
  }
  ul,
  ol {
    padding-left: ${({ theme }) => theme.space[5]};
  }
  li + li {
    margin-top: ${({ theme }) => theme.space[1]};
  }
  a {
    color: ${({ theme }) => theme.colors.primaryText};
    text-decoration: underline;
    text-underline-offset: 2px;
  }
  em {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  code {
    font-family: ${({ theme }) => theme.font.mono};
    font-size: 0.92em;
  }
  table {
    border-collapse: collapse;
  }
  th,
  td {
    border: 1px solid ${({ theme }) => theme.colors.border};
    padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
  }
`;

/**
 * Only links to our own screens are links. Any other address in an answer may come from stored
 * text (a URL in a method's update), so it shows as the text it is (docs/PRODUCT.md#assistant).
 */
function AnswerLink({ href = '', children }: ComponentProps<'a'>) {
  if (href.startsWith('/') && !href.startsWith('//')) return <Link to={href}>{children}</Link>;
  return <>{children}</>;
}

/** An image in an answer shows as its description: nothing is fetched from an address in the data. */
function AnswerImage({ alt }: ComponentProps<'img'>) {
  return <>{alt}</>;
}

const COMPONENTS: Components = { a: AnswerLink, img: AnswerImage };
const PLUGINS = [remarkGfm];

/** An assistant answer: Markdown, never raw HTML (docs/PRODUCT.md#assistant). */
export function MarkdownAnswer({ text }: { text: string }) {
  return (
    <Prose>
      <Markdown remarkPlugins={PLUGINS} components={COMPONENTS} skipHtml>
        {text}
      </Markdown>
    </Prose>
  );
}
