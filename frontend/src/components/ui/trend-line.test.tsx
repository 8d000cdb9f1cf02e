import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { themes } from '../../lib/theme/tokens';
import { TrendLine, trendPath, type TrendPoint } from './trend-line';

const weeks = (progress: number[], last: TrendPoint['status'] = 'in_progress'): TrendPoint[] =>
  progress.map((value, index) => ({ progress: value, status: index === progress.length - 1 ? last : 'in_progress' }));

function renderLine(points: TrendPoint[], theme = themes.light) {
  return render(
    <ThemeProvider theme={theme}>
      <TrendLine points={points} />
    </ThemeProvider>,
  );
}

describe('TrendLine', () => {
  it('names the first and the last week’s progress and how many weeks, as an image', () => {
    renderLine(weeks([62, 62, 64, 64, 64, 65, 66, 66, 67, 68, 69, 70, 70.4]));
    expect(screen.getByRole('img', { name: '62 % → 70 % over 13 weeks' })).toBeInTheDocument();
  });

  it('draws one path through the weeks, left to right, 100 % at the top, and one dot', () => {
    expect(trendPath(weeks([0, 50, 100]))).toBe('M3 17L36 10L69 3');
    const { container } = renderLine(weeks([0, 50, 100]));
    expect(container.querySelectorAll('path')).toHaveLength(1);
    expect(container.querySelectorAll('circle')).toHaveLength(1);
    expect(container.querySelector('path')).toHaveAttribute('d', 'M3 17L36 10L69 3');
  });

  it('colours the last point by its status, in the theme', () => {
    const { container, unmount } = renderLine(weeks([40, 20], 'at_risk'), themes.dark);
    expect(container.querySelector('circle')).toHaveAttribute('fill', themes.dark.colors.danger);
    expect(container.querySelector('circle')).toHaveAttribute('cy', '14.2');
    unmount();
    const completed = renderLine(weeks([40, 100], 'completed'));
    expect(completed.container.querySelector('circle')).toHaveAttribute('fill', themes.light.colors.success);
  });
});
