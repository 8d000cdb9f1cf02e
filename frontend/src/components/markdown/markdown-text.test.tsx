import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { themes } from '../../lib/theme/tokens';
import { MarkdownText, type MarkdownLinks } from './markdown-text';

function renderText(text: string, links: MarkdownLinks = 'app') {
  return render(
    <ThemeProvider theme={themes.light}>
      <MemoryRouter>
        <MarkdownText text={text} links={links} />
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
