import { Button } from './button';
import { ExportIcon } from './icons';

interface ExportButtonProps {
  onExport: () => void;
  pending: boolean;
  /** Why it is disabled, as its hover text; enabled without one. */
  disabledReason?: string | undefined;
  label: string;
  pendingLabel: string;
}

/** The export buttons beside a V2MOM and the COO View (slides, deck): one look, one way of showing work. */
export function ExportButton({ onExport, pending, disabledReason, label, pendingLabel }: ExportButtonProps) {
  return (
    <Button onClick={onExport} loading={pending} disabled={disabledReason !== undefined} title={disabledReason} leadingIcon={<ExportIcon />}>
      {pending ? pendingLabel : label}
    </Button>
  );
}
