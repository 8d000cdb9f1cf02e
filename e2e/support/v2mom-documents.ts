import { expect, type APIRequestContext } from '@playwright/test';
import { API_ENDPOINTS, MAX_PAGE_SIZE, ZUserPageSchema } from '@v2mom/contracts';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUser } from './demo.ts';

/** Just enough of GET /api/v2moms/{id}/complete for the specs. */
export interface SavedV2mom {
  id: number;
  version: number;
  title: string;
  year: number;
  userId: number;
  values: Array<{ id: number; version: number; description: string }>;
  methods: Array<{ id: number; version: number; description: string; ownerId: number | null; forCooTracking: boolean }>;
  obstacles: Array<{ id: number; version: number; description: string; linkedMethodIds: number[] }>;
}

interface NewMethodInput {
  description: string;
  forCooTracking?: boolean;
  status?: 'not_started' | 'in_progress' | 'completed' | 'at_risk';
  progress?: number;
  measure?: string;
  currentMeasure?: string;
  q1Measure?: string;
  q2Measure?: string;
  q3Measure?: string;
  q4Measure?: string;
  update?: string;
  ownerId?: number | null;
  linkedValuePositions?: number[];
  l2Owner?: string;
}

export interface NewV2momInput {
  title: string;
  year?: number;
  vision?: string;
  values?: string[];
  methods?: NewMethodInput[];
  obstacles?: Array<{ description: string; linkedMethodPositions?: number[]; ownerId?: number | null }>;
}

/** A V2MOM with every part the detail screen shows: a COO-tracked method with every block, a linked value, an obstacle. */
export const FULL_DOCUMENT: Omit<NewV2momInput, 'title'> = {
  vision: 'Every customer live within 30 days.',
  values: ['Customer first', 'Own the outcome'],
  methods: [
    {
      description: 'Standardise the onboarding playbook',
      forCooTracking: true,
      status: 'at_risk',
      progress: 20,
      measure: 'Median days to go-live',
      currentMeasure: '52 days',
      update: 'Regional leads disagree on kickoff ownership.',
      l2Owner: 'Isabel Costa',
      linkedValuePositions: [0],
    },
    { description: 'Untracked helper method', status: 'in_progress', progress: 60 },
  ],
  obstacles: [{ description: 'No shared kickoff owner', linkedMethodPositions: [0] }],
};

/** A unique title per test run, so parallel specs never collide. */
export function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/**
 * Creates a V2MOM with its children through the API (POST /api/v2moms/complete). Adding children
 * needs manage_structure, so `request` (a context of its own, e.g. the `request` fixture) is
 * signed in as admin, who creates it on behalf of `owner`.
 */
export async function createV2mom(request: APIRequestContext, owner: DemoUser, input: NewV2momInput): Promise<SavedV2mom> {
  await signInRequest(request, 'admin');
  const ownerId = await userIdOf(request, owner);
  const response = await request.post('/api/v2moms/complete', {
    data: {
      userId: ownerId,
      title: input.title,
      year: input.year ?? 2025,
      quarter: 'q2',
      vision: input.vision ?? 'Be the team everyone wants to work with.',
      values: (input.values ?? []).map((description) => ({ description })),
      methods: (input.methods ?? []).map((method) => ({ ownerId, ...method })),
      obstacles: input.obstacles ?? [],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as SavedV2mom;
}

export async function getV2mom(request: APIRequestContext, id: number): Promise<SavedV2mom> {
  const response = await request.get(`/api/v2moms/${id}/complete`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SavedV2mom;
}

/**
 * Signs `request` in as `user`, unless it already is. A sign-in ends the session the context held,
 * which may be a stored one other specs share (signInAs): a page's own `page.request` is signed in
 * as another person only after `page.context().clearCookies()`.
 */
export async function signInRequest(request: APIRequestContext, user: DemoUser): Promise<void> {
  const current = await request.get('/api/auth/user');
  if (current.ok() && ((await current.json()) as { username: string }).username === DEMO_USERS[user].username) return;
  const response = await request.post('/api/auth/login', {
    data: { username: DEMO_USERS[user].username, password: DEMO_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The id of the person signed in as `username`, found through the people search; undefined when nobody is. */
export async function userIdByUsername(request: APIRequestContext, username: string): Promise<number | undefined> {
  const response = await request.get(API_ENDPOINTS.listUserPage.path, { params: { q: username, limit: MAX_PAGE_SIZE } });
  expect(response.ok()).toBe(true);
  return ZUserPageSchema.parse(await response.json()).rows.find((candidate) => candidate.username === username)?.id;
}

export async function userIdOf(request: APIRequestContext, user: DemoUser): Promise<number> {
  const found = await userIdByUsername(request, DEMO_USERS[user].username);
  if (found === undefined) throw new Error(`No user ${user}`);
  return found;
}
