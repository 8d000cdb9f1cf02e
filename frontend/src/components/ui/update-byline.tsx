import type { TMethodListItem } from '@v2mom/contracts';
import styled from 'styled-components';
import { RelativeTime } from './relative-time';
import { UserText } from './user-text';

const Byline = styled.span`
  display: block;
  margin-top: 2px;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.regular};
  color: ${({ theme }) => theme.colors.textMuted};
`;

type UpdateSource = Pick<TMethodListItem, 'update' | 'updateAuthor' | 'updateAt'>;

/**
 * Under a method's latest update, wherever it is shown: who wrote it and when, from its check-in
 * (docs/PRODUCT.md#method-updates), so the text never reads as the words of the method's owner
 * when someone else wrote it. Nothing without an update.
 */
export function UpdateByline({ method }: { method: UpdateSource }) {
  if (!method.update?.trim()) return null;
  return (
    <Byline>
      {method.updateAuthor ? (
        <>
          by <UserText>{method.updateAuthor.name}</UserText>
        </>
      ) : (
        'Author not recorded'
      )}
      {method.updateAt ? (
        <>
          {' · '}
          <RelativeTime value={method.updateAt} />
        </>
      ) : null}
    </Byline>
  );
}

