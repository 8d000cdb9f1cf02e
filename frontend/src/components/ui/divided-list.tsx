import styled from 'styled-components';

/** A plain list whose items are rows split by a rule: label or text on the left, buttons on the right. */
export const DividedList = styled.ul`
  display: grid;
  list-style: none;
  margin: 0;
  padding: 0;
`;

export const DividedRow = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[3]} 0;

  & + & {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;
