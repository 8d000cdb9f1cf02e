import type { TFollowState } from '@v2mom/contracts';
import { useEffect, useRef } from 'react';
import type { AsOfDays } from './use-as-of-days';

/**
 * While following a presenter (docs/PRODUCT.md#following-the-presenter), this screen shows the day
 * theirs shows and compares with the day theirs does (docs/PRODUCT.md#as-of): each new pair once,
 * so that a day this screen cannot show does not loop.
 */
export function useFollowedDays({ setDays }: Pick<AsOfDays, 'setDays'>, followed: TFollowState | null): void {
  const applied = useRef<string | null>(null);
  const asOf = followed?.asOf ?? null;
  const compare = followed?.compare ?? null;
  const following = followed !== null;
  useEffect(() => {
    if (!following) {
      applied.current = null;
      return;
    }
    const pair = `${asOf ?? ''}|${compare ?? ''}`;
    if (applied.current === pair) return;
    applied.current = pair;
    setDays(asOf, compare);
  }, [following, asOf, compare, setDays]);
}
