import { describe, expect, it } from 'vitest';
import { linkTo, mdText } from './markdown-links.js';

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
