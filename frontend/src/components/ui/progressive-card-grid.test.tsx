import { act, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { themes } from '../../lib/theme/tokens';
import { ProgressiveCardGrid } from './progressive-card-grid';

const numbers = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

function renderGrid(items: number[]) {
  const grid = (shown: number[]) => (
    <ThemeProvider theme={themes.light}>
      <ProgressiveCardGrid items={shown} itemKey={(n) => n} renderItem={(n) => `Card ${n}`} min="200px" estimateHeight={100} aria-label="Cards" />
    </ThemeProvider>
  );
  const view = render(grid(items));
  return { rerender: (next: number[]) => view.rerender(grid(next)) };
}

/** Runs each step's timer, and the timer its render schedules, until none is left. */
async function runSteps() {
  while (vi.getTimerCount() > 0) await act(() => vi.runOnlyPendingTimersAsync());
}

const cards = () => screen.getByRole('list', { name: 'Cards' }).querySelectorAll(':scope > li');

describe('ProgressiveCardGrid', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('renders the first cards at once and the rest a step per task, in order', async () => {
    renderGrid(numbers(60));
    expect(cards()).toHaveLength(24);

    await act(() => vi.runOnlyPendingTimersAsync());
    expect(cards()).toHaveLength(48);

    await runSteps();
    expect([...cards()].map((card) => card.textContent)).toEqual(numbers(60).map((n) => `Card ${n}`));
  });

  it('a short list is whole in the first frame; one that grows later catches up', async () => {
    const { rerender } = renderGrid(numbers(5));
    expect(cards()).toHaveLength(5);

    rerender(numbers(80));
    expect(cards()).toHaveLength(24);
    await runSteps();
    expect(cards()).toHaveLength(80);
  });
});
