import { describeError } from '../../lib/api-client';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { AlertIcon } from './icons';

export interface LoadErrorProps {
  /** What failed, e.g. "We couldn't load your V2MOMs." */
  title: string;
  error: unknown;
  onRetry: () => void;
  compact?: boolean;
}

/** A failed load: what failed, why (the server's words when it gave some), and a retry. */
export function LoadError({ title, error, onRetry, compact }: LoadErrorProps) {
  return (
    <EmptyState
      role="alert"
      compact={compact}
      icon={<AlertIcon />}
      title={title}
      description={describeError(error)}
      action={<Button onClick={onRetry}>Try again</Button>}
    />
  );
}
