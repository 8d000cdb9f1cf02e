import { describe, expect, it } from 'vitest';
import { SWIPE_DISMISS_PX, swipeThresholdPercent } from './toast';

describe('small rules', () => {
  it('turns the 50 px swipe into a percentage of the toast width', () => {
    expect((swipeThresholdPercent(1280) / 100) * 360).toBeCloseTo(SWIPE_DISMISS_PX);
    expect((swipeThresholdPercent(390) / 100) * 390).toBeCloseTo(SWIPE_DISMISS_PX); // full-width phone toasts
  });
});
