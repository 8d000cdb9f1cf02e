import { describe, expect, it } from 'vitest';
import { serialBatches } from './serial-batches.js';

/** A promise and the function that settles it, for a handler that waits until told. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('serial batches', () => {
  it('hands what was added while a batch was handled to the next batch, together and in order', async () => {
    const batches: number[][] = [];
    const first = gate();
    const queue = serialBatches<number>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await first.opened;
    }, () => undefined);

    queue.add(1);
    await Promise.resolve();
    queue.add(2);
    queue.add(3);
    queue.add(4);
    first.open();
    await queue.settled();

    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('starts no batch before the one in hand ends', async () => {
    let handling = 0;
    let most = 0;
    const queue = serialBatches<number>(async () => {
      most = Math.max(most, ++handling);
      await new Promise((resolve) => setImmediate(resolve));
      handling--;
    }, () => undefined);

    for (let item = 0; item < 5; item++) {
      queue.add(item);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await queue.settled();

    expect(most).toBe(1);
  });

  it('reports a failed batch and still hands on the next', async () => {
    const errors: unknown[] = [];
    const handled: number[][] = [];
    const queue = serialBatches<number>(async (items) => {
      if (items.includes(1)) throw new Error('no connection');
      handled.push(items);
    }, (error) => errors.push(error));

    queue.add(1);
    await queue.settled();
    queue.add(2);
    await queue.settled();

    expect(errors).toEqual([new Error('no connection')]);
    expect(handled).toEqual([[2]]);
  });
});
