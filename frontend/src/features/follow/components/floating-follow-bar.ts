/**
 * Marks a follower's bar while it shows: the shell leaves room for it at the page's end on a phone.
 * A module of its own, so the shell reads it without loading the bar.
 */
export const FLOATING_FOLLOW_BAR_ATTRIBUTE = 'data-floating-follow-bar';
