import { describe, expect, it } from 'vitest';
import { collectText } from './provider.js';
import { keepLinksTo, linkTo, mdText, onlyLinksTo } from './markdown-links.js';

describe('stored text in an answer', () => {
  it('cannot open a link, emphasis, code or raw HTML, nor end the link it is the text of', () => {
    expect(mdText('[x](javascript:alert(1)) <img src=x> *bold* `code`')).toBe(
      '\\[x\\](javascript:alert(1)) \\<img src=x\\> \\*bold\\* \\`code\\`',
    );
    expect(linkTo.method(7, 'Ship ] it')).toBe('[Ship \\] it](/method/7)');
  });

  it('keeps to one line, so a description cannot become a heading or a list', () => {
    expect(mdText('first\n# heading\n- item')).toBe('first # heading - item');
  });

  it('links V2MOMs and tasks to their screens', () => {
    expect(linkTo.v2mom(3, 'Growth')).toBe('[Growth](/v2mom/3)');
    expect(linkTo.task('Call Ana')).toBe('[Call Ana](/tasks)');
  });
});

describe('links in a written brief', () => {
  const targets = new Set(['/method/7', '/v2mom/3']);

  it('keep only the links to items the facts name; any other keeps its words', () => {
    expect(keepLinksTo(targets, 'See [Ship \\] it](/method/7), [Growth](/v2mom/3), [Ghost](/method/99) and [evil](https://x.test).')).toBe(
      'See [Ship \\] it](/method/7), [Growth](/v2mom/3), Ghost and evil.',
    );
  });

  it('are judged whole when a stream splits them, and text around them is not held longer than needed', async () => {
    async function* chunks() {
      yield 'First [Ship';
      yield ' it](/met';
      yield 'hod/7) then [Gho';
      yield 'st](/method/9';
      yield '9) end';
    }
    const pieces: string[] = [];
    for await (const piece of onlyLinksTo(targets, chunks())) pieces.push(piece);
    expect(pieces.join('')).toBe('First [Ship it](/method/7) then Ghost end');
    expect(pieces[0]).toBe('First ');
    expect(await collectText(onlyLinksTo(targets, chunks()))).toBe(pieces.join(''));
  });
});
