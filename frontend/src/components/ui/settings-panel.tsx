import styled from 'styled-components';

/** The pieces a Settings panel with a "new …" form, a list and a log below is laid out with. */

/** The form that adds a row, above the list. */
export const PanelForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

/** The form's fields, side by side while they fit, one a line on a phone. */
export const PanelFields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr));
  gap: ${({ theme }) => theme.space[3]};
`;

/** What the panel is for, atop it. */
export const PanelAbout = styled.p`
  max-width: 70ch;
  margin-bottom: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A row's buttons, at the end of its actions cell (`ActionsTd`) as they wrap too. */
export const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;

/** A log's title with its button, below the list. */
export const LogHeading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  margin: ${({ theme }) => theme.space[5]} 0 ${({ theme }) => theme.space[3]};

  h3 {
    font-size: ${({ theme }) => theme.fontSize.md};
  }
`;
