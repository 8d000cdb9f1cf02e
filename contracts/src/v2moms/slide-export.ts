/** Slide export of COO-tracked methods (docs/PRODUCT.md#slide-export). */
export const SLIDE_EXPORT = {
  methodsPerSlide: 4,
  columns: 2,
  width: 1920,
  height: 1080,
  pauseBetweenSlidesMs: 500,
  imageLoadTimeoutMs: 15_000,
} as const;

/** Methods grouped into slides of `methodsPerSlide`, in order; no methods gives no slides. */
export function chunkIntoSlides<T>(methods: readonly T[], perSlide: number = SLIDE_EXPORT.methodsPerSlide): T[][] {
  const slides: T[][] = [];
  for (let start = 0; start < methods.length; start += perSlide) {
    slides.push(methods.slice(start, start + perSlide));
  }
  return slides;
}

/** 'Sales Plan', 2025, slide 2 -> 'Sales_Plan_2025_slide_2.png'. */
export function slideFilename(title: string, year: number, slideNumber: number): string {
  return `${title.trim().replace(/\s+/g, '_')}_${year}_slide_${slideNumber}.png`;
}
