import type { QueryClient } from '@tanstack/react-query';
import { ZRoundCheckedInEventSchema, ZRoundSchema } from '@v2mom/contracts';
import { putCheckIn, putRound } from '../../features/rounds/api/round-cache';

/**
 * The round's live events (docs/PRODUCT.md#the-check-in-round): a start, move or end brings the
 * round's row, a check-in the person's row, each put where the panel holds it.
 */
export function putRoundChanged(queryClient: QueryClient, payload: unknown): void {
  const parsed = ZRoundSchema.safeParse(payload);
  if (parsed.success) putRound(queryClient, parsed.data);
}

export function putRoundCheckedIn(queryClient: QueryClient, payload: unknown): void {
  const parsed = ZRoundCheckedInEventSchema.safeParse(payload);
  if (parsed.success) putCheckIn(queryClient, parsed.data);
}
