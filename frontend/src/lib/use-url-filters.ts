import { useCallback, useEffect, useState } from 'react';
import { usePausedValue } from './use-paused-value';
import { useUrlParams } from './use-url-params';

/**
 * A list's filters kept in the URL (docs/PRODUCT.md#paged-lists): each read from its parameter, set
 * in place (an empty one leaves the URL), and the search box's text handed to `?q=` once the
 * typing pauses, so the server is asked once per pause.
 */
export function useUrlFilters<Name extends string>() {
  const [searchParams, updateParams] = useUrlParams();
  const q = searchParams.get('q') ?? '';
  const [text, setText] = useState(q);
  const pausedText = usePausedValue(text);
  const setParam = useCallback(
    (name: Name | 'q', value: string) =>
      updateParams((params) => {
        if (value.trim()) params.set(name, value);
        else params.delete(name);
      }),
    [updateParams],
  );
  useEffect(() => {
    if (pausedText !== q) setParam('q', pausedText);
    // Only a new pause hands the text on: a URL changed otherwise (Back) is not written over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pausedText]);
  return { searchParams, q, text, setText, setParam };
}
