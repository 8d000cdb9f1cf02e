import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { themes } from '../../lib/theme/tokens';
import { MarkdownText, type MarkdownLinks } from './markdown-text';

function renderText(text: string, links: MarkdownLinks = 'app', chips?: (value: string) => ReactNode) {
  return render(
    <ThemeProvider theme={themes.light}>
      <MemoryRouter>
        <MarkdownText text={text} links={links} renderText={chips} />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('an assistant answer', () => {
  it('links the methods it names to their screens', () => {
    renderText('See [Grow pipeline](/method/12).');
    expect(screen.getByRole('link', { name: 'Grow pipeline' })).toHaveAttribute('href', '/method/12');
  });

  it('shows an address from stored text as text, bare or as a Markdown link', () => {
    const { container } = renderText(
      'Latest update: log in at https://evil.example/login or [here](https://evil.example/reset), ![pixel](https://evil.example/p.png)',
    );
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('log in at https://evil.example/login or here, pixel');
  });
});

describe('a comment', () => {
  it('opens web and mail addresses in a new tab that cannot reach back, and keeps other schemes as text', () => {
    renderText('See [the brief](https://example.com/brief), [mail](mailto:a@example.com), [run](javascript:alert(1)) and [Pipeline](/method/3)', 'web');
    const brief = screen.getByRole('link', { name: 'the brief' });
    expect(brief).toHaveAttribute('href', 'https://example.com/brief');
    expect(brief).toHaveAttribute('target', '_blank');
    expect(brief).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:a@example.com');
    expect(screen.queryByRole('link', { name: 'run' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pipeline' })).toHaveAttribute('href', '/method/3');
  });

  it('shows raw HTML as nothing it would run', () => {
    const { container } = renderText('Hello <img src=x onerror=alert(1)> <b>bold</b>', 'web');
    expect(container.querySelector('img, b')).toBeNull();
  });
});

describe('any text', () => {
  it('shows a script, a frame and a javascript: address as inert characters', () => {
    const { container } = renderText('<script>alert(1)</script>\n\n<iframe src="/account"></iframe> [run](javascript:alert(1)) <javascript:alert(1)>', 'web');
    expect(container.querySelector('script, iframe, [href]')).toBeNull();
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(container).toHaveTextContent('<script>alert(1)</script>');
    expect(container).toHaveTextContent('run javascript:alert(1)');
  });

  it('keeps tables, struck words and task lists, with headings that name no part of the page', () => {
    const { container } = renderText('# main\n\n| Method | Progress |\n|---|---|\n| Grow | 40% |\n\n~~dropped~~\n\n- [x] done', 'none');
    expect(screen.getByRole('heading', { name: 'main' })).not.toHaveAttribute('id');
    expect(screen.getByRole('cell', { name: '40%' })).toBeInTheDocument();
    expect(container.querySelector('del')).toHaveTextContent('dropped');
    expect(screen.getByRole('checkbox')).toBeDisabled();
    expect(screen.getByRole('checkbox')).toBeChecked();
  });
});

describe('how text shows', () => {
  it('shows its plain text through renderText, and code as written', () => {
    const chips = (value: string) => value.split(/(<@\d+>)/).map((part, index) => (part.startsWith('<@') ? <mark key={index}>{part}</mark> : part));
    const { container } = renderText('Ask <@7> about **<@8>**, not `<@9>`:\n\n```\n<@10>\n```', 'web', chips);
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['<@7>', '<@8>']);
    expect(container.querySelector('p code')).toHaveTextContent('<@9>');
    expect(container.querySelector('pre code')).toHaveTextContent('<@10>');
  });

  it('decodes character references in text, not in code', () => {
    const { container } = renderText('AT&amp;T &copy; &#169; &#x2014; `&amp;`');
    expect(container.querySelector('p')?.firstChild).toHaveTextContent('AT&T © © —');
    expect(container.querySelector('code')).toHaveTextContent('&amp;');
  });

  it('keeps the Markdown around raw HTML', () => {
    const { container } = renderText('<div>\n**bold** [Pipeline](/method/3)\n</div>');
    expect(container.firstElementChild?.querySelector('div')).toBeNull();
    expect(container.querySelector('strong')).toHaveTextContent('bold');
    expect(screen.getByRole('link', { name: 'Pipeline' })).toHaveAttribute('href', '/method/3');
    expect(container).toHaveTextContent('<div>');
  });

  it('links bare web addresses in a comment, and numbers a list from where it starts', () => {
    const { container } = renderText('Read https://example.com/a and <mailto:a@example.com>\n\n3. three\n4. four', 'web');
    expect(screen.getByRole('link', { name: 'https://example.com/a' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'mailto:a@example.com' })).toHaveAttribute('href', 'mailto:a@example.com');
    expect(container.querySelector('ol')).toHaveAttribute('start', '3');
  });

  it('shows each prefix of a text as it streams in, unfinished marks as written', () => {
    const text = '## Brief\n\n| Method | Progress |\n|---|---|\n| Grow | 40% |\n\n- **Grow** [it](/method/1) `x` ~~y~~';
    for (let end = 1; end <= text.length; end += 1) {
      const { container, unmount } = renderText(text.slice(0, end));
      expect(container.textContent).not.toMatch(/undefined|\[object/);
      unmount();
    }
    const { container } = renderText('Say **bold and [link](/me');
    expect(container).toHaveTextContent('Say **bold and [link](/me');
  });
});
