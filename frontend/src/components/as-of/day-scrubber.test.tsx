import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { themes } from '../../lib/theme/tokens';
import { DayScrubber } from './day-scrubber';

const DAYS = { first: '2026-08-01', last: '2026-12-09' };

function Scrubbing({ from }: { from: string }) {
  const [day, setDay] = useState(from);
  return (
    <ThemeProvider theme={themes.light}>
      <DayScrubber label="Day shown" day={day} days={DAYS} onChange={setDay} />
      <output>{day}</output>
    </ThemeProvider>
  );
}

function slider() {
  return screen.getByRole('slider', { name: 'Day shown' });
}

describe('DayScrubber', () => {
  it('steps a week with the arrow keys and says the date it shows', async () => {
    render(<Scrubbing from="2026-11-10" />);
    slider().focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('status')).toHaveTextContent('2026-11-03');
    expect(slider()).toHaveAttribute('aria-valuetext', '3 Nov 2026');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('status')).toHaveTextContent('2026-11-17');
    expect(slider()).toHaveValue(String(108));
  });

  it('goes to the fiscal year’s first day with Home and to today with End, and never past either', async () => {
    render(<Scrubbing from="2026-08-05" />);
    slider().focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('status')).toHaveTextContent('2026-08-01');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('status')).toHaveTextContent('2026-12-09');
    expect(slider()).toHaveAttribute('aria-valuetext', '9 Dec 2026');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('status')).toHaveTextContent('2026-12-09');
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('status')).toHaveTextContent('2026-08-01');
    expect(slider()).toHaveValue('0');
  });
});
