import { Lexer, Tokenizer, type MarkedToken, type Token } from 'marked';
import { createElement, Fragment, useMemo, type ReactNode } from 'react';
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

/**
 * Reads raw HTML as the characters written: no tag or HTML block is recognised, so `<b>` stays
 * `<b>` and the Markdown around it still counts.
 */
class TextOnlyTokenizer extends Tokenizer {
  override html(): undefined {
    return undefined;
  }
  override tag(): undefined {
    return undefined;
  }
}

/** GitHub-flavoured Markdown (tables, struck words, task lists, bare addresses) read into tokens. */
function lex(text: string): Token[] {
  // A lexer and its tokenizer keep state as they read: each text gets its own.
  return new Lexer({ gfm: true, silent: true, tokenizer: new TextOnlyTokenizer() }).lex(text);
}

/** A named, decimal or hexadecimal character reference such as `&amp;`, `&#169;` or `&#x2014;`. */
const ENTITY = /&(?:[a-z][a-z\d]{1,31}|#\d{1,7}|#x[\da-f]{1,6});/gi;
let entityDecoder: HTMLTextAreaElement | undefined;

/**
 * Text with its character references as the characters they name. A browser knows every named
 * one; a textarea's content is read as text, and each reference is given alone, so nothing else
 * is ever read as HTML.
 */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (entity) => {
    entityDecoder ??= document.createElement('textarea');
    entityDecoder.innerHTML = entity;
    return entityDecoder.value;
  });
}

/** How a piece of plain text shows (code keeps its text as written). */
type RenderText = (text: string) => ReactNode;

/** React elements for a text's tokens: never an HTML string. */
class TokenRenderer {
  constructor(
    private readonly links: MarkdownLinks,
    private readonly renderText: RenderText | undefined,
  ) {}

  blocks(tokens: readonly Token[]): ReactNode[] {
    return tokens.map((token, key) => this.block(token as MarkedToken, key));
  }

  inline(tokens: readonly Token[] | undefined): ReactNode[] {
    return (tokens ?? []).map((token, key) => this.span(token as MarkedToken, key));
  }

  private block(token: MarkedToken, key: number): ReactNode {
    switch (token.type) {
      case 'paragraph':
        return <p key={key}>{this.inline(token.tokens)}</p>;
      // A heading gets no id: one written twice, or named like a part of the page, would clash with it.
      case 'heading':
        return createElement(`h${token.depth}`, { key }, this.inline(token.tokens));
      case 'code':
        return (
          <pre key={key}>
            <code>{token.text}</code>
          </pre>
        );
      case 'blockquote':
        return <blockquote key={key}>{this.blocks(token.tokens)}</blockquote>;
      case 'hr':
        return <hr key={key} />;
      case 'list': {
        const items = token.items.map((item, index) => <li key={index}>{this.blocks(item.tokens)}</li>);
        if (!token.ordered) return <ul key={key}>{items}</ul>;
        return (
          <ol key={key} start={token.start === '' || token.start === 1 ? undefined : token.start}>
            {items}
          </ol>
        );
      }
      case 'table':
        return (
          <table key={key}>
            <thead>
              <tr>
                {token.header.map((cell, index) => (
                  <th key={index} style={cell.align ? { textAlign: cell.align } : undefined}>
                    {this.inline(cell.tokens)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {token.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <td key={index} style={cell.align ? { textAlign: cell.align } : undefined}>
                      {this.inline(cell.tokens)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        );
      // A tight list item's text: its words without a paragraph around them.
      case 'text':
        return token.tokens ? <Fragment key={key}>{this.inline(token.tokens)}</Fragment> : this.span(token, key);
      case 'space':
      case 'def':
        return null;
      default:
        return this.span(token, key);
    }
  }

  private span(token: MarkedToken, key: number): ReactNode {
    switch (token.type) {
      case 'text': {
        const text = decodeEntities(token.text);
        return <Fragment key={key}>{this.renderText ? this.renderText(text) : text}</Fragment>;
      }
      case 'escape':
        return token.text;
      case 'strong':
        return <strong key={key}>{this.inline(token.tokens)}</strong>;
      case 'em':
        return <em key={key}>{this.inline(token.tokens)}</em>;
      case 'del':
        return <del key={key}>{this.inline(token.tokens)}</del>;
      case 'codespan':
        return <code key={key}>{token.text}</code>;
      case 'br':
        return <br key={key} />;
      case 'link':
        return this.link(decodeEntities(token.href), this.inline(token.tokens), key);
      // An image shows as its description: nothing is fetched from an address in the text.
      case 'image':
        return decodeEntities(token.text);
      // A task list's box shows whether it is done; nobody ticks it here.
      case 'checkbox':
        return (
          <Fragment key={key}>
            <input type="checkbox" checked={token.checked} disabled />{' '}
          </Fragment>
        );
      default:
        return 'raw' in token ? token.raw : null;
    }
  }

  private link(href: string, children: ReactNode[], key: number): ReactNode {
    if (this.links !== 'none' && isAppPath(href)) {
      return (
        <Link key={key} to={href}>
          {children}
        </Link>
      );
    }
    // A web or mail address opens in a new tab that cannot reach back to this one.
    if (this.links === 'web' && WEB_ADDRESS.test(href)) {
      return (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    }
    return <Fragment key={key}>{children}</Fragment>;
  }
}

export interface MarkdownTextProps {
  text: string;
  links: MarkdownLinks;
  /** How its plain text shows, such as mentions as chips (a stable function: a new one renders the text again). */
  renderText?: RenderText;
}

/** Text written in Markdown, never raw HTML: an assistant's answer, a comment. */
export function MarkdownText({ text, links, renderText }: MarkdownTextProps) {
  const tokens = useMemo(() => lex(text), [text]);
  const content = useMemo(() => new TokenRenderer(links, renderText).blocks(tokens), [tokens, links, renderText]);
  // Every block is a direct child of the prose.
  return <Prose>{content}</Prose>;
}
