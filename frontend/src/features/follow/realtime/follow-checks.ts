/**
 * The checks of the presentation events (use-follow-screen.ts), a module of its own so that they
 * and zod load with the first such event: none comes while nobody presents the screen.
 */
export { ZFollowersEventSchema, ZPresentationEndedEventSchema, ZPresentationSchema } from '@v2mom/contracts';
