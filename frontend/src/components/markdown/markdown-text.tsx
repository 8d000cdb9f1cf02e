import Markdown, { RuleType, type MarkdownToJSX } from 'markdown-to-jsx/react';
import { createElement, Fragment, useMemo, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
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

/** A task list's box shows whether it is done; nobody ticks it here. */
function TaskBox(props: ComponentProps<'input'>) {
  return <input {...props} disabled />;
}

const OVERRIDES: Record<MarkdownLinks, MarkdownToJSX.Overrides> = {
  app: { a: AppLink, img: TextImage, input: TaskBox },
  web: { a: WebLink, img: TextImage, input: TaskBox },
  none: { a: TextLink, img: TextImage, input: TaskBox },
};

/** How a piece of plain text shows (code keeps its text as written). */
type RenderText = (text: string) => ReactNode;

function rules(renderText?: RenderText): NonNullable<MarkdownToJSX.Options['renderRule']> {
  return (next, node, renderChildren, state) => {
    // A heading gets no id: one written twice, or named like a part of the page, would clash with it.
    if (node.type === RuleType.heading) return createElement(`h${node.level}`, { key: state.key }, renderChildren(node.children, state));
    if (renderText && node.type === RuleType.text) return <Fragment key={state.key}>{renderText(node.text)}</Fragment>;
    return next();
  };
}

export interface MarkdownTextProps {
  text: string;
  links: MarkdownLinks;
  /** How its plain text shows, such as mentions as chips (a stable function: a new one renders the text again). */
  renderText?: RenderText;
}

/** Text written in Markdown, never raw HTML: an assistant's answer, a comment. */
export function MarkdownText({ text, links, renderText }: MarkdownTextProps) {
  const options = useMemo<MarkdownToJSX.Options>(
    () => ({
      overrides: OVERRIDES[links],
      renderRule: rules(renderText),
      // Raw HTML shows as the characters written; every block is a direct child of the prose.
      disableParsingRawHTML: true,
      forceBlock: true,
      wrapper: null,
    }),
    [links, renderText],
  );
  return (
    <Prose>
      <Markdown options={options}>{text}</Markdown>
    </Prose>
  );
}
