import { describe, expect, it } from 'vitest';
import { SLIDE_EXPORT, chunkIntoSlides, slideFilename } from './slide-export.js';

describe('slide export', () => {
  it('uses the slide constants', () => {
    expect(SLIDE_EXPORT).toMatchObject({
      methodsPerSlide: 4,
      width: 1920,
      height: 1080,
      pauseBetweenSlidesMs: 500,
      imageLoadTimeoutMs: 15000,
    });
  });

  it('puts four methods on a slide', () => {
    expect(chunkIntoSlides([1, 2, 3, 4])).toEqual([[1, 2, 3, 4]]);
    expect(chunkIntoSlides([1, 2, 3, 4, 5])).toEqual([[1, 2, 3, 4], [5]]);
    expect(chunkIntoSlides([])).toEqual([]);
  });

  it('names files from the title, year and slide number', () => {
    expect(slideFilename('Sales Growth Plan', 2025, 2)).toBe('Sales_Growth_Plan_2025_slide_2.png');
  });
});
