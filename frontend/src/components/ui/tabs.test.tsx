import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { themes } from '../../lib/theme/tokens';
import { Tabs } from './tabs';

const TABS = [
  { key: 'people', label: 'People' },
  { key: 'rooms', label: 'Meeting rooms' },
  { key: 'email', label: 'Email' },
] as const;

/** Tabs whose choice has not shown yet: `selected` stays on People whatever is chosen. */
function renderUnchanging() {
  const onSelect = vi.fn();
  render(
    <ThemeProvider theme={themes.light}>
      <Tabs label="Settings" tabs={TABS} selected="people" onSelect={onSelect}>
        People panel
      </Tabs>
    </ThemeProvider>,
  );
  return onSelect;
}

describe('Tabs', () => {
  it('move from the focused tab, so a key pressed again before the last choice shows goes on from it', async () => {
    const onSelect = renderUnchanging();
    screen.getByRole('tab', { name: 'People' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(onSelect.mock.calls).toEqual([['rooms'], ['email']]);
    expect(screen.getByRole('tab', { name: 'Email' })).toHaveFocus();
  });

  it('wrap at the ends and jump with Home and End', async () => {
    const onSelect = renderUnchanging();
    screen.getByRole('tab', { name: 'People' }).focus();
    await userEvent.keyboard('{ArrowLeft}{Home}{End}');
    expect(onSelect.mock.calls).toEqual([['email'], ['people'], ['email']]);
  });
});
