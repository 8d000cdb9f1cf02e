import { useCallback, useState } from 'react';

function localStore(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage blocked (privacy mode): the choice lasts while the page is open
  }
}

/**
 * A choice one person made on a screen, kept in this browser under `{name}:{userId}`, so whoever
 * signs in next on it starts from their own. Anything stored that is not one of `choices` reads as
 * `initial`.
 */
export function usePersonChoice<T extends string>(name: string, userId: number, choices: readonly T[], initial: T): [T, (choice: T) => void] {
  const key = `${name}:${userId}`;
  const [choice, setChoice] = useState<T>(() => {
    const stored = localStore()?.getItem(key);
    return choices.find((candidate) => candidate === stored) ?? initial;
  });
  const choose = useCallback(
    (next: T) => {
      setChoice(next);
      try {
        localStore()?.setItem(key, next);
      } catch {
        // full or blocked storage: the choice still holds on this page
      }
    },
    [key],
  );
  return [choice, choose];
}
