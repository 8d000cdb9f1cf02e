export interface SerialBatches<T> {
  /** Queues an item for the next batch; call only after what it stands for is committed. */
  add(item: T): void;
  /** Resolves once every batch queued so far has been handled. */
  settled(): Promise<void>;
}

/**
 * Hands queued items to `handle` a batch at a time, in the order they came, one batch after
 * another: the items added while a batch is being handled wait and go together in the next. After
 * a burst of writes that is one database read for the lot where one per write would each wait for
 * a connection in turn (docs/PERFORMANCE.md#company). A batch that fails is reported to `onError`
 * and the next one still goes.
 */
export function serialBatches<T>(handle: (items: T[]) => Promise<void>, onError: (error: unknown) => void): SerialBatches<T> {
  let queued: T[] = [];
  let handling = Promise.resolve();

  const next = async () => {
    const items = queued;
    queued = [];
    await handle(items);
  };

  return {
    add(item) {
      queued.push(item);
      if (queued.length === 1) handling = handling.then(next).catch(onError);
    },
    settled: () => handling,
  };
}
