import { fiscalYearOf, PATHS } from '@v2mom/contracts';
import { LinkButton } from '../../../components/ui/button';
import { clock } from '../../../lib/clock';
import { useStartMine } from '../api/get-start-mine';

/** The form's address that starts one's own V2MOM of the current fiscal year, aligned as suggested. */
export const START_MINE_PARAM = 'start';

/**
 * "Start my V2MOM for {year}" (docs/PRODUCT.md#alignment): offered while the signed-in person has
 * no V2MOM of the current fiscal year; the form opens at the level Person, aligned to the suggestion.
 */
export function StartMyV2mom() {
  const year = fiscalYearOf(clock.now());
  const startMine = useStartMine(year);
  if (!startMine.data || startMine.data.own) return null;
  return (
    <LinkButton to={`${PATHS.createV2mom}?${START_MINE_PARAM}=${year}`} variant="primary">
      Start my V2MOM for {year}
    </LinkButton>
  );
}
