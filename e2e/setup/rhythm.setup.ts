import { expect, test as setup } from '@playwright/test';
import type { TRhythm } from '@v2mom/contracts';
import { SUITE_CLOCK_START } from '../support/clock.ts';
import { signInRequest } from '../support/v2mom-documents.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The ISO weekday (1 Monday to 7 Sunday) `days` after the suite's day (support/clock.ts), in UTC. */
const weekdayIn = (days: number) => ((new Date(Date.parse(SUITE_CLOCK_START) + days * DAY_MS).getUTCDay() + 6) % 7) + 1;

// The company's runs (docs/PRODUCT.md#rhythm-runs) notify people at the check-in time and the day
// before the meeting. The suite moves both days away from its day, so that no run adds to the bells
// and the outbox its specs count.
setup('the rhythm runs days after the suite', async ({ request }) => {
  await signInRequest(request, 'admin');
  const rhythm = (await (await request.get('/api/rhythm')).json()) as TRhythm;
  const response = await request.put('/api/rhythm', {
    data: { version: rhythm.version, timeZone: 'UTC', checkInDay: weekdayIn(3), checkInTime: '12:00', meetingDay: weekdayIn(4), meetingTime: '12:00' },
  });
  expect(response.status(), await response.text()).toBe(200);
});
