/** Colour families of status badges; the UI maps each to its theme tokens. */
export type TBadgeTone = 'grey' | 'blue' | 'green' | 'yellow' | 'red';
