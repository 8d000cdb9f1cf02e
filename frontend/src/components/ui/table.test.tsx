import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { themes } from '../../lib/theme/tokens';
import { TruncatedText } from './table';

const DEPARTMENT = 'Customer Success and Partner Enablement';

/** The text laid out `scrollWidth` wide in a box `clientWidth` wide (jsdom lays nothing out). */
function renderSized(scrollWidth: number, clientWidth: number) {
  render(
    <ThemeProvider theme={themes.light}>
      <TruncatedText text={DEPARTMENT} max="14ch" />
    </ThemeProvider>,
  );
  const text = screen.getByText(DEPARTMENT);
  Object.defineProperty(text, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(text, 'clientWidth', { configurable: true, value: clientWidth });
  return text;
}

describe('TruncatedText', () => {
  it('shows the whole text on hover when it is cut short', async () => {
    const text = renderSized(320, 112);
    expect(text).not.toHaveAttribute('title');
    await userEvent.hover(text);
    expect(text).toHaveAttribute('title', DEPARTMENT);
  });

  it('has no hover text when the whole of it fits', async () => {
    const text = renderSized(112, 112);
    await userEvent.hover(text);
    expect(text).not.toHaveAttribute('title');
  });

  it('drops its hover text once it fits again, the column grown wider', async () => {
    const text = renderSized(320, 112);
    await userEvent.hover(text);
    expect(text).toHaveAttribute('title', DEPARTMENT);
    await userEvent.unhover(text);
    Object.defineProperty(text, 'clientWidth', { configurable: true, value: 320 });
    await userEvent.hover(text);
    expect(text).not.toHaveAttribute('title');
  });
});
