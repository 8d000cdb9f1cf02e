import type { TMethodListItem, TUser } from '@v2mom/contracts';
import { useCallback, useEffect } from 'react';
import styled from 'styled-components';
import { EmptyState } from '../../../../components/ui/empty-state';
import { DocumentIcon } from '../../../../components/ui/icons';
import { LoadError } from '../../../../components/ui/load-error';
import { Section } from '../../../../components/ui/section';
import { Skeleton } from '../../../../components/ui/skeleton';
import { VisuallyHidden } from '../../../../components/ui/visually-hidden';
import { useUserMethods } from '../../api/get-user-methods';
import { MethodProgressCard } from './method-progress-card';

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 380px), 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const SkeletonCard = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

/** The key of a method in the page's one edit slot (docs/PRODUCT.md#my-methods-and-tasks). */
const methodEditKey = (id: number) => `method:${id}`;

export interface MyMethodsSectionProps {
  actor: TUser;
  /** The one item in edit mode on the page (a method or a task), if any. */
  editingKey: string | null;
  onEditingChange: (key: string | null) => void;
}

/** The signed-in user's method cards, with loading, empty and failed states. */
export function MyMethodsSection({ actor, editingKey, onEditingChange }: MyMethodsSectionProps) {
  const methods = useUserMethods(actor.id);
  const { refetch } = methods;

  const onEdit = useCallback((id: number) => onEditingChange(methodEditKey(id)), [onEditingChange]);
  const onDone = useCallback(() => onEditingChange(null), [onEditingChange]);
  const onReload = useCallback(
    async (id: number): Promise<TMethodListItem | undefined> => (await refetch()).data?.find((method) => method.id === id),
    [refetch],
  );

  // A method that left the list (deleted, or given to someone else) frees the edit slot.
  const editedGone =
    editingKey?.startsWith('method:') === true && methods.data !== undefined && !methods.data.some((method) => methodEditKey(method.id) === editingKey);
  useEffect(() => {
    if (editedGone) onEditingChange(null);
  }, [editedGone, onEditingChange]);

  return (
    <Section id="my-methods-heading" title="My Methods">
      {methods.isPending ? (
        <>
          <VisuallyHidden role="status">Loading your methods...</VisuallyHidden>
          <Grid aria-busy="true">
          {[0, 1].map((index) => (
            <SkeletonCard key={index} aria-hidden="true" data-testid="my-method-skeleton">
              <Skeleton $width="60%" $height="20px" />
              <Skeleton $width="40%" $height="14px" />
              <Skeleton $height="8px" $radius="full" />
              <Skeleton />
              <Skeleton $width="80%" />
            </SkeletonCard>
          ))}
          </Grid>
        </>
      ) : methods.isError ? (
        <LoadError title="We couldn't load your methods." error={methods.error} onRetry={() => void refetch()} compact />
      ) : methods.data.length === 0 ? (
        <EmptyState compact icon={<DocumentIcon />} title="No methods yet" description="Methods you own will appear here." />
      ) : (
        <Grid>
          {methods.data.map((method) => (
            <li key={method.id}>
              <MethodProgressCard
                method={method}
                actor={actor}
                editing={editingKey === methodEditKey(method.id)}
                editLocked={editingKey !== null && editingKey !== methodEditKey(method.id)}
                onEdit={onEdit}
                onDone={onDone}
                onReload={onReload}
              />
            </li>
          ))}
        </Grid>
      )}
    </Section>
  );
}
