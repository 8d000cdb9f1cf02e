import type { TFollowScreen } from './follow.live.js';

/**
 * The room of the sockets that have a screen open (a V2MOM's presence room is another one). A
 * module without zod: a screen one may present names its room with it and loads no schema.
 */
export const followRoom = (screen: TFollowScreen) => (screen.kind === 'coo-view' ? 'follow:coo-view' : `follow:v2mom:${screen.v2momId}`);
