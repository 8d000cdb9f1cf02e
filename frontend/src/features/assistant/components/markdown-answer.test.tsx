import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { themes } from '../../../lib/theme/tokens';
import { MarkdownAnswer } from './markdown-answer';

function renderAnswer(text: string) {
  return render(
    <ThemeProvider theme={themes.light}>
      <MemoryRouter>
        <MarkdownAnswer text={text} />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('an assistant answer', () => {
  it('links the methods it names to their screens', () => {
    renderAnswer('See [Grow pipeline](/method/12).');
    expect(screen.getByRole('link', { name: 'Grow pipeline' })).toHaveAttribute('href', '/method/12');
  });

  it('shows an address from stored text as text, bare or as a Markdown link', () => {
    const { container } = renderAnswer(
      'Latest update: log in at https://evil.example/login or [here](https://evil.example/reset), ![pixel](https://evil.example/p.png)',
    );
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('log in at https://evil.example/login or here, pixel');
  });
});
