import { isolated, type TChatKind } from '@v2mom/contracts';

/**
 * What a Slack or Teams post says (docs/PRODUCT.md#slack-and-teams), kept apart from how each kind
 * of channel lays it out: a post is stored as a `ChatMessage` and rendered as Block Kit or as an
 * Adaptive Card when it is sent, its links made absolute with the app's public address.
 */

/** A line of a post: the product's words and, each marked `written`, what people wrote. */
type ChatText = ReadonlyArray<string | { written: string }>;

export interface ChatMessage {
  title: ChatText;
  /** Lines under the title, each linking to its item when it has a path. */
  lines: ReadonlyArray<{ text: ChatText; path?: string }>;
  /** Small print under the lines. */
  note?: string;
  /** The button back to the app. */
  action: { label: string; path: string };
}

/** Lines a post lists at most; the rest are counted. */
const LINES_MAX = 10;

/** Slack's mrkdwn reads `&`, `<` and `>` as markup: escaped, written text cannot make a link or a mention. */
const slackEscaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * Plain words, each written part isolated so its direction marks end with it (docs/PRODUCT.md#user-text),
 * and passed through `escape` first.
 */
function plain(text: ChatText, escape: (written: string) => string = (written) => written): string {
  return text.map((part) => (typeof part === 'string' ? part : isolated(escape(part.written)))).join('');
}

/** Teams reads a TextBlock as markdown: written text cannot make a link, emphasis or code there. */
const teamsEscaped = (written: string) => written.replace(/[\\`*_[\]]/g, '\\$&');
const teamsText = (text: ChatText) => plain(text, teamsEscaped);

const slackText = (text: ChatText) => slackEscaped(plain(text));

/** What a line says once the lines past LINES_MAX are counted. */
function shownLines(message: ChatMessage): ChatMessage['lines'] {
  if (message.lines.length <= LINES_MAX) return message.lines;
  return [...message.lines.slice(0, LINES_MAX), { text: [`and ${message.lines.length - LINES_MAX} more`] }];
}

/** A Slack incoming webhook's body: Block Kit blocks, and `text` for notifications and old clients. */
function slackPayload(message: ChatMessage, appUrl: string) {
  const lines = shownLines(message).map((line) => (line.path ? `• <${appUrl}${line.path}|${slackText(line.text)}>` : `• ${slackText(line.text)}`));
  return {
    text: plain(message.title),
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${slackText(message.title)}*` } },
      ...(lines.length > 0 ? [{ type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') } }] : []),
      ...(message.note ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: slackEscaped(message.note) }] }] : []),
      { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: message.action.label }, url: `${appUrl}${message.action.path}` }] },
    ],
  };
}

/** A Teams incoming webhook's body: a message carrying one Adaptive Card. */
function teamsPayload(message: ChatMessage, appUrl: string) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: teamsText(message.title), weight: 'Bolder', size: 'Medium', wrap: true },
            ...shownLines(message).map((line) => ({ type: 'TextBlock', text: `• ${teamsText(line.text)}`, wrap: true, spacing: 'Small' })),
            ...(message.note ? [{ type: 'TextBlock', text: message.note, isSubtle: true, size: 'Small', wrap: true }] : []),
          ],
          actions: [{ type: 'Action.OpenUrl', title: message.action.label, url: `${appUrl}${message.action.path}` }],
        },
      },
    ],
  };
}

/** The body a channel of `kind` is sent for `message`. */
export function chatPayload(kind: TChatKind, message: ChatMessage, appUrl: string): object {
  return kind === 'slack' ? slackPayload(message, appUrl) : teamsPayload(message, appUrl);
}
