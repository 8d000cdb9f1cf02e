import { workStatusLabel, type TTaskStatus } from '@v2mom/contracts';
import styled from 'styled-components';
import { Button } from '../../../../components/ui/button';
import { CloseIcon } from '../../../../components/ui/icons';

const Bar = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

const Label = styled.span`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Chips = styled.ul`
  display: contents;
  list-style: none;
`;

const Chip = styled.li`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  height: 28px;
  padding-left: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Remove = styled.button`
  display: grid;
  place-items: center;
  width: 28px;
  height: 28px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.full};
  background: transparent;
  color: inherit;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }

  svg {
    width: 14px;
    height: 14px;
  }
`;

export interface ActiveFiltersProps {
  selected: readonly TTaskStatus[];
  onChange: (statuses: TTaskStatus[]) => void;
}

/** 'Active filters': one chip per chosen status, each with its remove button, and 'Clear all'. */
export function ActiveFilters({ selected, onChange }: ActiveFiltersProps) {
  if (selected.length === 0) return null;
  return (
    <Bar role="group" aria-label="Active filters">
      <Label aria-hidden="true">Active filters:</Label>
      <Chips>
        {selected.map((status) => (
          <Chip key={status}>
            {workStatusLabel(status)}
            <Remove
              type="button"
              aria-label={`Remove filter ${workStatusLabel(status)}`}
              onClick={() => onChange(selected.filter((chosen) => chosen !== status))}
            >
              <CloseIcon aria-hidden="true" />
            </Remove>
          </Chip>
        ))}
      </Chips>
      <Button size="sm" variant="ghost" onClick={() => onChange([])}>
        Clear all
      </Button>
    </Bar>
  );
}
