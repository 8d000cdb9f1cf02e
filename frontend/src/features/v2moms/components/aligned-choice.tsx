import type { TAlignedChoice, TV2mom } from '@v2mom/contracts';
import { useId } from 'react';
import styled from 'styled-components';
import { UserText } from '../../../components/ui/user-text';

const Choices = styled.fieldset`
  margin: ${({ theme }) => theme.space[3]} 0 0;
  padding: 0;
  border: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

/** What the deletion of `v2mom` does with the V2MOMs aligned to it, when any (docs/PRODUCT.md#deletion). */
export function defaultAlignedChoice(v2mom: Pick<TV2mom, 'alignedCount' | 'parent'>): TAlignedChoice | undefined {
  if (v2mom.alignedCount === 0) return undefined;
  return v2mom.parent ? 'move-up' : 'unalign';
}

/**
 * Asked in the delete confirmation of a V2MOM others are aligned to: whether they move up to its
 * parent or stand unaligned (only the latter when it has no parent).
 */
export function AlignedChoice({ v2mom, value, onChange }: { v2mom: Pick<TV2mom, 'alignedCount' | 'parent'>; value: TAlignedChoice | undefined; onChange: (choice: TAlignedChoice) => void }) {
  const name = useId();
  if (v2mom.alignedCount === 0) return null;
  const count = v2mom.alignedCount === 1 ? '1 V2MOM is' : `${v2mom.alignedCount} V2MOMs are`;
  return (
    <Choices>
      <legend>{count} aligned to it.</legend>
      {v2mom.parent ? (
        <label>
          <input type="radio" name={name} checked={value === 'move-up'} onChange={() => onChange('move-up')} /> Move them up to{' '}
          <UserText>{v2mom.parent.title}</UserText>
        </label>
      ) : null}
      <label>
        <input type="radio" name={name} checked={value === 'unalign'} onChange={() => onChange('unalign')} /> Let them stand unaligned
      </label>
    </Choices>
  );
}
