import { useMemo, type ComponentProps } from 'react';
import Markdown, { type Components, type Options } from 'react-markdown';
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
    /* A link names what someone wrote (a method, a V2MOM, a person): its direction stays its own (docs/PRODUCT.md#user-text). */
    unicode-bidi: isolate;
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

/** Whose links a text may hold. */
export type MarkdownLinks =
  /** Only our own screens: any other address may come from stored text (docs/PRODUCT.md#assistant). */
  | 'app'
  /** Also http(s) and mailto addresses a person wrote, opened apart from the app (docs/PRODUCT.md#comments). */
  | 'web'
  /** None: a screen that goes nowhere, such as a meeting room's (docs/PRODUCT.md#meeting-room-links). */
  | 'none';

const WEB_ADDRESS = /^(https?:|mailto:)/i;

function isAppPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/** A link to our own screens; any other address is text. */
function AppLink({ href = '', children }: ComponentProps<'a'>) {
  if (isAppPath(href)) return <Link to={href}>{children}</Link>;
  return <>{children}</>;
}

/** A link to our own screens, or to a web or mail address in a new tab that cannot reach back to this one. */
function WebLink({ href = '', children }: ComponentProps<'a'>) {
  if (isAppPath(href)) return <Link to={href}>{children}</Link>;
  if (!WEB_ADDRESS.test(href)) return <>{children}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** Every link is its words. */
function TextLink({ children }: ComponentProps<'a'>) {
  return <>{children}</>;
}

/** An image shows as its description: nothing is fetched from an address in the text. */
function TextImage({ alt }: ComponentProps<'img'>) {
  return <>{alt}</>;
}

const COMPONENTS: Record<MarkdownLinks, Components> = {
  app: { a: AppLink, img: TextImage },
  web: { a: WebLink, img: TextImage },
  none: { a: TextLink, img: TextImage },
};
type PluggableList = NonNullable<Options['remarkPlugins']>;

const GFM: PluggableList = [remarkGfm];

export interface MarkdownTextProps {
  text: string;
  links: MarkdownLinks;
  /** Further remark plugins, after GFM (a stable array: a new one re-parses). */
  plugins?: PluggableList;
}

/** Text written in Markdown, never raw HTML: an assistant's answer, a comment. */
export function MarkdownText({ text, links, plugins }: MarkdownTextProps) {
  const remarkPlugins = useMemo(() => (plugins ? [...GFM, ...plugins] : GFM), [plugins]);
  return (
    <Prose>
      <Markdown remarkPlugins={remarkPlugins} components={COMPONENTS[links]} skipHtml>
        {text}
      </Markdown>
    </Prose>
  );
}
