import type { DEMO_DEPARTMENTS, TCapability, TRole } from '@v2mom/contracts';

export type DemoDepartment = (typeof DEMO_DEPARTMENTS)[number];

export interface DemoPerson {
  username: string;
  name: string;
  department: DemoDepartment;
  role: TRole;
  capabilities: TCapability[];
  /** Whom they report to, by username: their department's head, or the head above it. */
  manager?: string;
}

/** The accounts of docs/PRODUCT.md#demo-organisation, exactly; printed at start-up. */
export const DEMO_ACCOUNTS: readonly DemoPerson[] = [
  { username: 'admin', name: 'Avery Admin', department: 'COO', role: 'admin', capabilities: ['manage_structure', 'export_slides', 'manage_tasks', 'settings'], manager: 'coo' },
  { username: 'coo', name: 'Casey Chen', department: 'COO', role: 'admin', capabilities: ['export_slides', 'manage_tasks'] },
  { username: 'lead', name: 'Logan Lee', department: 'AI GTM', role: 'user', capabilities: ['export_slides', 'manage_tasks'], manager: 'coo' },
  { username: 'member', name: 'Morgan Diaz', department: 'Marketing', role: 'user', capabilities: [], manager: 'coo' },
  { username: 'viewer', name: 'Val Ortiz', department: 'Sales COE', role: 'read_only', capabilities: [], manager: 'kenji' },
];

/** Colleagues who own V2MOMs, methods and tasks so every screen has people on it. */
export const DEMO_MEMBERS: readonly DemoPerson[] = [
  { username: 'nina', name: 'Nina Patel', department: 'AI GTM', role: 'user', capabilities: [], manager: 'lead' },
  { username: 'omar', name: 'Omar Haddad', department: 'COO Ops', role: 'user', capabilities: [], manager: 'coo' },
  { username: 'priya', name: 'Priya Raman', department: 'BU In-Life', role: 'user', capabilities: [], manager: 'lead' },
  { username: 'diego', name: 'Diego Alvarez', department: 'BU Onboarding', role: 'user', capabilities: [], manager: 'lead' },
  { username: 'hannah', name: 'Hannah Scott', department: 'BU GTM', role: 'user', capabilities: [], manager: 'lead' },
  { username: 'kenji', name: 'Kenji Watanabe', department: 'Sales COE', role: 'user', capabilities: [], manager: 'coo' },
  { username: 'sofia', name: 'Sofia Rossi', department: 'Partner and Channels', role: 'user', capabilities: [], manager: 'kenji' },
  { username: 'grace', name: 'Grace Okafor', department: 'Solution Management', role: 'user', capabilities: [], manager: 'marcus' },
  { username: 'marcus', name: 'Marcus Brown', department: 'Product', role: 'user', capabilities: [], manager: 'coo' },
  { username: 'leila', name: 'Leila Karimi', department: 'Engineering', role: 'user', capabilities: [], manager: 'marcus' },
  { username: 'tom', name: 'Tom Becker', department: 'Design', role: 'user', capabilities: [], manager: 'marcus' },
  { username: 'ravi', name: 'Ravi Shah', department: 'Marketing', role: 'read_only', capabilities: [], manager: 'member' },
];

/**
 * Where each demo department sits (docs/PRODUCT.md#demo-organisation): the department it is a team
 * of, if any, and its head, by username.
 */
export const DEMO_DEPARTMENT_STRUCTURE: Readonly<Record<DemoDepartment, { parent?: DemoDepartment; head: string }>> = {
  COO: { head: 'coo' },
  'COO Ops': { parent: 'COO', head: 'omar' },
  'AI GTM': { head: 'lead' },
  'BU GTM': { parent: 'AI GTM', head: 'hannah' },
  'BU In-Life': { parent: 'AI GTM', head: 'priya' },
  'BU Onboarding': { parent: 'AI GTM', head: 'diego' },
  'Sales COE': { head: 'kenji' },
  'Partner and Channels': { parent: 'Sales COE', head: 'sofia' },
  Product: { head: 'marcus' },
  Engineering: { parent: 'Product', head: 'leila' },
  Design: { parent: 'Product', head: 'tom' },
  'Solution Management': { parent: 'Product', head: 'grace' },
  Marketing: { head: 'member' },
};

/** Demo accounts' addresses, on a domain reserved for examples, so single sign-on can be tried against them. */
export function demoEmail(username: string): string {
  return `${username}@example.com`;
}
