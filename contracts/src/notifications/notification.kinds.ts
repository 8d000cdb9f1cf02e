// Notification kinds and their words: apart from the schemas, so the shell's bell does not load zod.

/** What a person is notified of in the app (docs/PRODUCT.md#notifications): what others do, and the rhythm's notices. */
export const NOTIFICATION_KINDS = [
  'mentioned',
  'commented',
  'method_changed',
  'obstacle_added',
  'task_assigned',
  'check_in_reminder',
  'method_stale',
  'meeting_digest',
  'round_turn',
  'round_minutes',
  'parent_changed',
  'approval_requested',
  'v2mom_approved',
  'changes_requested',
] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Where a kind can reach a person: in the app, by email. */
export type TNotificationChannel = 'inApp' | 'email';

/**
 * Every kind a person chooses about on /account, with the channels it has and whether each is on
 * until they choose (docs/PRODUCT.md#notification-preferences). Conversation kinds are told in the
 * app only (by email they come with the weekly digest); the rhythm's kinds both ways; the weekly
 * digest by email only, and only for those who ask for it; a webhook turned off, by email to its maker.
 */
export const PREFERENCE_DEFAULTS = {
  mentioned: { inApp: true },
  commented: { inApp: true },
  method_changed: { inApp: true },
  obstacle_added: { inApp: true },
  task_assigned: { inApp: true },
  check_in_reminder: { inApp: true, email: true },
  method_stale: { inApp: true, email: true },
  meeting_digest: { inApp: true, email: true },
  round_turn: { inApp: true },
  round_minutes: { inApp: true, email: true },
  parent_changed: { inApp: true },
  approval_requested: { inApp: true },
  v2mom_approved: { inApp: true },
  changes_requested: { inApp: true },
  weekly_digest: { email: false },
  webhook_disabled: { email: true },
} as const satisfies Record<string, Partial<Record<TNotificationChannel, boolean>>>;

export type TPreferenceKind = keyof typeof PREFERENCE_DEFAULTS;
export const PREFERENCE_KINDS = Object.keys(PREFERENCE_DEFAULTS) as TPreferenceKind[];

/** The kinds that can be sent by email, in the order /account lists them. */
export const EMAIL_KINDS = ['check_in_reminder', 'method_stale', 'meeting_digest', 'round_minutes', 'weekly_digest', 'webhook_disabled'] as const;
export type TEmailKind = (typeof EMAIL_KINDS)[number];

/** The channels a kind has, in the order /account shows them. */
export function channelsOf(kind: TPreferenceKind): TNotificationChannel[] {
  const defaults: Partial<Record<TNotificationChannel, boolean>> = PREFERENCE_DEFAULTS[kind];
  return (['inApp', 'email'] as const).filter((channel) => defaults[channel] !== undefined);
}

/** How the preferences on /account name each kind. */
export const NOTIFICATION_KIND_LABELS: Record<TPreferenceKind, string> = {
  mentioned: 'Someone mentions you',
  commented: 'Someone comments on a thread you own or took part in',
  method_changed: 'Someone else changes the status or owner of your method',
  obstacle_added: 'Someone adds an obstacle to your method',
  task_assigned: 'A task is assigned to you',
  check_in_reminder: 'Your methods need a check-in',
  method_stale: 'Methods of your V2MOM have not been checked in for two periods',
  meeting_digest: 'The digest before the COO meeting',
  round_turn: "It is your turn in the COO meeting's check-in round",
  round_minutes: 'The minutes of a check-in round you attended',
  parent_changed: "What your V2MOM is aligned to, or your method supports, changes its vision, description or measure",
  approval_requested: 'Someone asks you to approve their V2MOM',
  v2mom_approved: 'Your V2MOM is approved',
  changes_requested: 'Changes are requested to your V2MOM',
  weekly_digest: 'A weekly digest of your notifications',
  webhook_disabled: 'A webhook you made was turned off after days of failures',
};

/** A page of the notification panel (docs/PRODUCT.md#notifications). */
export const NOTIFICATION_PAGE_SIZE = { default: 30, max: 100 } as const;

/** What of a parent a `parent_changed` notice tells (docs/PRODUCT.md#parent-changes). */
export const PARENT_CHANGED_FIELDS = ['vision', 'description', 'measure'] as const;
export type TParentChangedField = (typeof PARENT_CHANGED_FIELDS)[number];
