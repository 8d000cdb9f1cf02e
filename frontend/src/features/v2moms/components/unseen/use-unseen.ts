import { useQueryClient } from '@tanstack/react-query';
import type { TV2momComplete } from '@v2mom/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { useEntityChanged } from '../../../../lib/live/use-entity-changed';
import { unseenKeys } from '../../../../lib/query-keys/unseen-keys';
import { useUnseenChanges } from '../../api/get-unseen-changes';
import type { UnseenMarks } from './unseen-context';
import { changeFromEvent, indexChanges, joinChange, peopleOf, type TShownChanges } from './unseen-model';

/**
 * Others' changes to the V2MOM since the viewer last looked (docs/PRODUCT.md#since-you-last-looked),
 * read alongside the document, and joined by every change someone else makes while the page is
 * open: from its live event, the old values being the row the page showed until then.
 */
export function useUnseen(v2momId: number | null, document: TV2momComplete | undefined, viewerId: number) {
  const queryClient = useQueryClient();
  const query = useUnseenChanges(v2momId);
  // The document as last rendered: the live layer puts an event's row in the cache before its
  // listeners hear of it, so the cache already holds the new row.
  const shown = useRef(document);
  useEffect(() => {
    shown.current = document;
  });

  useEntityChanged((event) => {
    if (v2momId === null || event.v2momId !== v2momId || event.actor?.id === viewerId) return;
    const change = changeFromEvent(event, shown.current);
    if (!change) return;
    queryClient.setQueryData<TShownChanges>(unseenKeys.ofV2mom(v2momId), (data) => data && joinChange(data, change, event));
  });

  const data: TShownChanges | undefined = query.data;
  const marks = useMemo<UnseenMarks>(
    () => ({ items: indexChanges(data?.changes ?? []), people: document ? peopleOf(document) : new Map() }),
    [data, document],
  );
  return { data, marks };
}
