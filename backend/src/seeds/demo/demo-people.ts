import type { DEMO_DEPARTMENTS, TCapability, TRole } from '@v2mom/contracts';

type DemoDepartment = (typeof DEMO_DEPARTMENTS)[number];

export interface DemoPerson {
  username: string;
  name: string;
  department: DemoDepartment;
  role: TRole;
  capabilities: TCapability[];
}

/** The accounts of docs/PRODUCT.md#demo-organisation, exactly; printed at start-up. */
export const DEMO_ACCOUNTS: readonly DemoPerson[] = [
  { username: 'admin', name: 'Avery Admin', department: 'COO', role: 'admin', capabilities: ['manage_structure', 'export_slides', 'manage_tasks', 'settings'] },
  { username: 'coo', name: 'Casey Chen', department: 'COO', role: 'admin', capabilities: ['export_slides', 'manage_tasks'] },
  { username: 'lead', name: 'Logan Lee', department: 'AI GTM', role: 'user', capabilities: ['export_slides', 'manage_tasks'] },
  { username: 'member', name: 'Morgan Diaz', department: 'Marketing', role: 'user', capabilities: [] },
  { username: 'viewer', name: 'Val Ortiz', department: 'Sales COE', role: 'read_only', capabilities: [] },
];

/** Colleagues who own V2MOMs, methods and tasks so every screen has people on it. */
export const DEMO_MEMBERS: readonly DemoPerson[] = [
  { username: 'nina', name: 'Nina Patel', department: 'AI GTM', role: 'user', capabilities: [] },
  { username: 'omar', name: 'Omar Haddad', department: 'COO Ops', role: 'user', capabilities: [] },
  { username: 'priya', name: 'Priya Raman', department: 'BU In-Life', role: 'user', capabilities: [] },
  { username: 'diego', name: 'Diego Alvarez', department: 'BU Onboarding', role: 'user', capabilities: [] },
  { username: 'hannah', name: 'Hannah Scott', department: 'BU GTM', role: 'user', capabilities: [] },
  { username: 'kenji', name: 'Kenji Watanabe', department: 'Sales COE', role: 'user', capabilities: [] },
  { username: 'sofia', name: 'Sofia Rossi', department: 'Partner and Channels', role: 'user', capabilities: [] },
  { username: 'grace', name: 'Grace Okafor', department: 'Solution Management', role: 'user', capabilities: [] },
  { username: 'marcus', name: 'Marcus Brown', department: 'Product', role: 'user', capabilities: [] },
  { username: 'leila', name: 'Leila Karimi', department: 'Engineering', role: 'user', capabilities: [] },
  { username: 'tom', name: 'Tom Becker', department: 'Design', role: 'user', capabilities: [] },
  { username: 'ravi', name: 'Ravi Shah', department: 'Marketing', role: 'read_only', capabilities: [] },
];

/** Demo accounts' addresses, on a domain reserved for examples, so single sign-on can be tried against them. */
export function demoEmail(username: string): string {
  return `${username}@example.com`;
}
