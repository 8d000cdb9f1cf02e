import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../../test/clock';
import { themes } from '../../lib/theme/tokens';
import { UpdateByline } from './update-byline';

const renderByline = (method: Parameters<typeof UpdateByline>[0]['method']) =>
  render(
    <ThemeProvider theme={themes.light}>
      <p data-testid="update">
        {method.update}
        <UpdateByline method={method} />
      </p>
    </ThemeProvider>,
  );

describe('who wrote an update', () => {
  beforeEach(() => setClock('2026-01-12T09:00:00.000Z'));

  it('names the author of the latest update and when, not the method owner', () => {
    renderByline({ update: 'Shipped the pilot.', updateAuthor: { id: 7, name: 'Casey Chen' }, updateAt: '2026-01-10T09:00:00.000Z' });
    expect(screen.getByTestId('update')).toHaveTextContent(/^Shipped the pilot\.by Casey Chen · 2 days ago$/);
    expect(screen.getByText('2 days ago').closest('time')).toHaveAttribute('datetime', '2026-01-10T09:00:00.000Z');
  });

  it('says so when the author of a report kept from before is not known', () => {
    renderByline({ update: 'An old report.', updateAuthor: null, updateAt: null });
    expect(screen.getByTestId('update')).toHaveTextContent('An old report.Author not recorded');
  });

  it('shows nothing without an update', () => {
    renderByline({ update: '  ', updateAuthor: { id: 7, name: 'Casey Chen' }, updateAt: '2026-01-10T09:00:00.000Z' });
    expect(screen.getByTestId('update')).toHaveTextContent(/^\s*$/);
    expect(screen.queryByText(/Casey Chen/)).toBeNull();
  });
});
