import type { MatcherFunction } from '@testing-library/react';

/**
 * Finds the line that reads `text` where what people wrote in it (names, titles) sits in
 * isolates of its own (`<bdi>`, docs/PRODUCT.md#user-text), which the plain text queries do not
 * see across: the element holding such an isolate whose whole text is `text` (or matches it).
 */
export function lineText(text: string | RegExp): MatcherFunction {
  return (_content, element) => {
    if (!element || !Array.from(element.children).some((child) => child.tagName === 'BDI')) return false;
    const whole = element.textContent ?? '';
    return typeof text === 'string' ? whole === text : text.test(whole);
  };
}
