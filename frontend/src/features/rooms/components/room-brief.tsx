import type { TMeetingBrief } from '@v2mom/contracts';
import styled from 'styled-components';
import { MarkdownText } from '../../../components/markdown/markdown-text';
import { Card } from '../../../components/ui/card';

const Root = styled(Card)`
  display: grid;
  gap: 0.5em;
  padding: 1em;

  h2 {
    margin: 0;
    font-size: 1.15em;
  }
`;

/**
 * The meeting brief on a meeting room's COO View screen (docs/PRODUCT.md#meeting-room-links): the
 * words that head the COO View, read only, its links as plain words (the screen goes nowhere).
 */
export function RoomBrief({ brief }: { brief: TMeetingBrief }) {
  return (
    <Root as="section" aria-label="Meeting brief">
      <h2>Meeting brief</h2>
      <MarkdownText text={brief.text} links="none" />
    </Root>
  );
}
