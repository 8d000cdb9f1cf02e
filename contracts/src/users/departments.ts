/**
 * The demo organisation's departments (docs/PRODUCT.md#demo-organisation), sorted, so every
 * filter and select has the same choices.
 */
export const DEMO_DEPARTMENTS = [
  'AI GTM',
  'BU GTM',
  'BU In-Life',
  'BU Onboarding',
  'COO',
  'COO Ops',
  'Design',
  'Engineering',
  'Marketing',
  'Partner and Channels',
  'Product',
  'Sales COE',
  'Solution Management',
] as const;

/** The department whose members see the COO View link (docs/PRODUCT.md#roles). */
export const COO_DEPARTMENT = 'COO';

/** Shown in the sidebar user block when the user has no name or department. */
export const USER_BLOCK_FALLBACKS = { name: 'User', department: 'Team Member' } as const;
