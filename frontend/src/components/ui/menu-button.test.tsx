import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { themes } from '../../lib/theme/tokens';
import { MenuButton } from './menu-button';

function renderMenu() {
  const chosen = vi.fn();
  render(
    <ThemeProvider theme={themes.light}>
      <MenuButton
        label="Actions"
        name="Actions for Dana Lee"
        choices={[
          { key: 'edit', label: 'Edit', name: 'Edit Dana Lee', onSelect: () => chosen('edit') },
          { key: 'reset', label: 'Reset password', name: 'Reset password of Dana Lee', onSelect: () => chosen('reset') },
          { key: 'deactivate', label: 'Deactivate', name: 'Deactivate Dana Lee', tone: 'danger', onSelect: () => chosen('deactivate') },
        ]}
      />
      <button type="button">After</button>
    </ThemeProvider>,
  );
  return { chosen, button: screen.getByRole('button', { name: 'Actions for Dana Lee' }) };
}

describe('MenuButton', () => {
  it('opens on its first choice from Enter, moves with the arrow keys, and chooses with Enter, the focus back on the button', async () => {
    const user = userEvent.setup();
    const { chosen, button } = renderMenu();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Actions for Dana Lee' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Edit Dana Lee' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Reset password of Dana Lee' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(chosen).toHaveBeenCalledExactlyOnceWith('reset');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('opens on its last choice from ArrowUp, and Escape closes it, the focus back on the button', async () => {
    const user = userEvent.setup();
    const { chosen, button } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Deactivate Dana Lee' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit Dana Lee' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(chosen).not.toHaveBeenCalled();
  });

  it('closes as Tab moves on past the button, and Shift+Tab closes it back onto the button', async () => {
    const user = userEvent.setup();
    const { button } = renderMenu();
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Edit Dana Lee' })).toHaveFocus());
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Edit Dana Lee' })).toHaveFocus());
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('closes when a click lands elsewhere, and a second click on its button closes it', async () => {
    const user = userEvent.setup();
    const { button } = renderMenu();
    await user.click(button);
    await screen.findByRole('menu');
    await user.click(screen.getByRole('button', { name: 'After' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button);
    await screen.findByRole('menu');
    await user.click(button);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('is named by its label unless given a name, its menu by menuName, and takes no clicks while busy', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <ThemeProvider theme={themes.light}>
        <MenuButton label="Export" menuName="Export as" choices={[{ key: 'csv', label: 'CSV (.csv)', onSelect: () => undefined }]} />
      </ThemeProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('menu', { name: 'Export as' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'CSV (.csv)' }));

    rerender(
      <ThemeProvider theme={themes.light}>
        <MenuButton label="Exporting..." menuName="Export as" busy choices={[{ key: 'csv', label: 'CSV (.csv)', onSelect: () => undefined }]} />
      </ThemeProvider>,
    );
    const busy = screen.getByRole('button', { name: 'Exporting...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.click(busy);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
