import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { PlusIcon, TrashIcon } from '../../../../components/ui/icons';

export function AddButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <Button variant="secondary" size="sm" leadingIcon={<PlusIcon />} onClick={onClick}>
      {children}
    </Button>
  );
}

export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" iconOnly aria-label={label} title={label} onClick={onClick}>
      <TrashIcon />
    </Button>
  );
}
