import { Settings } from 'luxon';
import { clock } from './clock';

/**
 * luxon on the browser's clock (lib/clock.ts): `DateTime.now()`, and every luxon reading that
 * defaults to now, read the same now as the rest of the page. The app imports luxon from here, so
 * that this is set before any of it runs; luxon stays a lazy chunk of its own, off the login route,
 * which is why lib/clock.ts does not set it itself.
 */
Settings.now = clock.millis;

export { DateTime } from 'luxon';
