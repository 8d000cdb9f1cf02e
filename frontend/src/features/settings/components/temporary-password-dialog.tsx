import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { UserText } from '../../../components/ui/user-text';

const Secret = styled.output`
  display: block;
  margin-top: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.neutralSoft};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.fontSize.lg};
  overflow-wrap: anywhere;
  user-select: all;
`;

export interface TemporaryPassword {
  /** Whose it is, e.g. 'Dana Lee (dlee)'. */
  who: string;
  password: string;
}

/**
 * A temporary password, shown this once (docs/PRODUCT.md#people): the server keeps only its hash,
 * and the person must choose their own at their first sign-in.
 */
export function TemporaryPasswordDialog({ shown, onClose }: { shown: TemporaryPassword | null; onClose: () => void }) {
  return (
    <Dialog
      open={shown !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Temporary password"
      description={
        <>
          Give this password to <UserText>{shown?.who}</UserText>. It is shown only now; they choose their own when they first sign in.
        </>
      }
      closeOnOutsidePress={false}
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <Secret aria-label="Temporary password">{shown?.password}</Secret>
    </Dialog>
  );
}
