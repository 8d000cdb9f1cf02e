import { useAtom } from 'jotai';
import styled from 'styled-components';
import { isThemePreference, themePreferenceAtom } from '../../lib/theme/theme-atoms';
import { Select } from './field';

const Compact = styled(Select)`
  width: auto;
  height: 34px;
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/** Light, Dark or System, stored under `v2mom-theme` (docs/PRODUCT.md#shell). */
export function ThemeSelect({ id }: { id?: string }) {
  const [preference, setPreference] = useAtom(themePreferenceAtom);
  return (
    <Compact
      id={id}
      aria-label="Theme"
      value={preference}
      onChange={(event) => {
        if (isThemePreference(event.target.value)) setPreference(event.target.value);
      }}
    >
      <option value="light">Light</option>
      <option value="dark">Dark</option>
      <option value="system">System</option>
    </Compact>
  );
}
