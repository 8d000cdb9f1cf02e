import { useQueryClient } from '@tanstack/react-query';
import type { TV2momComplete } from '@v2mom/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useEntityChanged } from '../../../../lib/live/use-entity-changed';
import { unseenKeys } from '../../../../lib/query-keys/unseen-keys';
import { useUnseenChanges } from '../../api/get-unseen-changes';
import { NO_UNSEEN_MARKS, type UnseenMarks } from './unseen-context';
import { UnseenMarkLines } from './unseen-mark';
import type { TShownChanges } from './unseen-model';

/** What shows unseen changes: the model, the banner and the marks. */
async function loadParts() {
  const [{ changeFromEvent, indexChanges, joinChange, peopleOf }, { UnseenBanner }] = await Promise.all([
    import('./unseen-model'),
    import('./unseen-banner'),
    UnseenMarkLines.preload(),
  ]);
  return { model: { changeFromEvent, indexChanges, joinChange, peopleOf }, UnseenBanner };
}

type Parts = Awaited<ReturnType<typeof loadParts>>;

let loaded: Parts | undefined;
let loading: Promise<Parts> | undefined;
/** Loads once; callbacks on the one promise run in the order they were added, so live events stay in order. */
const partsLoaded = () => (loading ??= loadParts().then((parts) => (loaded = parts)));

/**
 * Others' changes to the V2MOM since the viewer last looked (docs/PRODUCT.md#since-you-last-looked),
 * read alongside the document, and joined by every change someone else makes while the page is
 * open: from its live event, the old values being the row the page showed until then. What shows
 * them loads with the first change: a V2MOM the reader has seen as it is needs none of it.
 */
export function useUnseen(v2momId: number | null, document: TV2momComplete | undefined, viewerId: number) {
  const queryClient = useQueryClient();
  const query = useUnseenChanges(v2momId);
  const [parts, setParts] = useState(() => loaded);
  // The document as last rendered: the live layer puts an event's row in the cache before its
  // listeners hear of it, so the cache already holds the new row.
  const shown = useRef(document);
  useEffect(() => {
    shown.current = document;
  });

  const data: TShownChanges | undefined = query.data;
  const anyChange = (data?.changes.length ?? 0) > 0;
  useEffect(() => {
    if (anyChange && !parts) void partsLoaded().then(setParts);
  }, [anyChange, parts]);

  useEntityChanged((event) => {
    if (v2momId === null || event.v2momId !== v2momId || event.actor?.id === viewerId) return;
    const before = shown.current;
    void partsLoaded().then(({ model }) => {
      const change = model.changeFromEvent(event, before);
      if (!change) return;
      queryClient.setQueryData<TShownChanges>(unseenKeys.ofV2mom(v2momId), (data) => data && model.joinChange(data, change, event));
    });
  });

  const marks = useMemo<UnseenMarks>(
    () => (parts && data ? { items: parts.model.indexChanges(data.changes), people: document ? parts.model.peopleOf(document) : new Map() } : NO_UNSEEN_MARKS),
    [parts, data, document],
  );
  return { data: parts ? data : undefined, marks, Banner: parts?.UnseenBanner };
}
