import type { Socket } from 'socket.io';
import { now } from '../server-clock.js';

/** setTimeout's longest delay (about 24.8 days); a later end is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Ends the socket at `endsAt()` (epoch ms, on the server's clock): a session's socket when its session
 * expires (docs/PRODUCT.md#recovery), a meeting-room screen's when its link does
 * (docs/PRODUCT.md#meeting-room-links). Such an end is fixed when the socket opens (nothing
 * extends it), so one timer per socket, armed at the handshake, ends it on time on the server that
 * holds it, without a sweep over sockets or the database; logout, password changes and revoking a
 * link end it sooner through its room. Each packet also compares the clock with that end, so a
 * timer that fires late (a busy event loop) lets nothing through after it. A recovered connection
 * goes through the handshake again and gets a fresh timer.
 */
export function endAt(socket: Socket, endsAt: () => number): void {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const left = endsAt() - now().getTime();
    if (left <= 0) {
      socket.disconnect(true);
      return;
    }
    timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
    timer.unref();
  };
  arm();
  socket.on('disconnect', () => clearTimeout(timer));
  socket.use((_packet, next) => {
    if (now().getTime() < endsAt()) next();
    else socket.disconnect(true);
  });
}
