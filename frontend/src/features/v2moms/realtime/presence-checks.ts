/**
 * The check of the presence events (use-v2mom-presence.ts), a module of its own so that it and zod
 * load with the first such event: none comes while nobody else joins, leaves or moves on the V2MOM.
 */
export { ZPresenceEventSchema } from '@v2mom/contracts';
