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

/** Links to our own screens stay in the app; anything else opens apart from it. */
function AnswerLink({ href = '', children }: ComponentProps<'a'>) {
  if (href.startsWith('/') && !href.startsWith('//')) return <Link to={href}>{children}</Link>;
  return (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  );
}

const COMPONENTS: Components = { a: AnswerLink };
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
