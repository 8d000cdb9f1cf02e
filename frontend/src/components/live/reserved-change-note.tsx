import { sentenceText, type TSentence } from '@v2mom/contracts';
import styled from 'styled-components';
import { Sentence } from '../ui/user-text';

const Slot = styled.p`
  /* One line, always there: the note appearing or going never moves what is below it. */
  min-height: calc(1em * ${({ theme }) => theme.lineHeight.normal});
  margin: 0;
  overflow: hidden;
  color: ${({ theme }) => theme.colors.infoText};
  font-size: 0.9em;
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  line-height: ${({ theme }) => theme.lineHeight.normal};
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/**
 * 'Logan Lee updated the status · just now' under a card someone else just changed, in a line
 * the card keeps free when there is no change, so screens that must not reflow (a projected
 * meeting view) can show it. Not a live region: the screen announces changes once, in one place.
 */
export function ReservedChangeNote({ sentence }: { sentence: TSentence | null }) {
  return <Slot title={sentence ? sentenceText(sentence) : undefined}>{sentence ? <Sentence sentence={sentence} /> : null}</Slot>;
}
