import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { themes } from '../../lib/theme/tokens';
import { notify } from '../../lib/toast';
import { TypedDeleteConfirm } from './typed-delete-confirm';

vi.mock('../../lib/toast', () => ({ notify: vi.fn() }));

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <ThemeProvider theme={themes.light}>
      <TypedDeleteConfirm
        open={open}
        onOpenChange={setOpen}
        title="Delete this value?"
        description="It goes when you save."
        cancelledMessage="Value was not deleted"
        onConfirm={onConfirm}
      />
    </ThemeProvider>
  );
}

/** Opening focuses the dialog's first control one frame later; a user cannot act sooner. */
async function renderOpen(onConfirm: () => void) {
  render(<Harness onConfirm={onConfirm} />);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus());
}

describe('TypedDeleteConfirm', () => {
  beforeEach(() => vi.mocked(notify).mockClear());

  it('confirms only when DELETE is typed in capitals', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    await renderOpen(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alertdialog', { name: 'Type DELETE to confirm' })).toBeInTheDocument();
    expect(screen.getByLabelText('Confirmation')).toHaveFocus();
    await user.type(screen.getByLabelText('Confirmation'), 'DELETE{Enter}');
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(notify).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it.each(['delete', 'Delete', ' DELETE', ''])('cancels %j with the Deletion cancelled toast', async (word) => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    await renderOpen(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    if (word) await user.type(screen.getByLabelText('Confirmation'), word);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith({ title: 'Deletion cancelled', message: 'Value was not deleted' });
  });

  it('declining the first step closes quietly', async () => {
    const user = userEvent.setup();
    await renderOpen(vi.fn());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(notify).not.toHaveBeenCalled();
  });
});
