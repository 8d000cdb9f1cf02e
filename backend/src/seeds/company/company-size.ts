import { DEMO_DEPARTMENTS } from '@v2mom/contracts';
import { z } from 'zod';
import { DEMO_ACCOUNTS, DEMO_MEMBERS } from '../demo/demo-people.js';
import { GENERATED_DEPARTMENT_COUNT } from './company-people.js';

/** Everyone the demo names: their accounts sign in as the README says, with the demo password. */
export const DEMO_PEOPLE = [...DEMO_ACCOUNTS, ...DEMO_MEMBERS];

/**
 * How big a company to seed: the people (the demo's among them) and the departments they work in
 * (the demo's first). Everything else follows from the people, in the proportions below.
 */
export const CompanySizeSchema = z
  .object({
    people: z.coerce.number().int().min(DEMO_PEOPLE.length + DEMO_DEPARTMENTS.length),
    departments: z.coerce.number().int().min(DEMO_DEPARTMENTS.length).max(DEMO_DEPARTMENTS.length + GENERATED_DEPARTMENT_COUNT),
  })
  // Each department has a head of its own besides the demo's people.
  .refine(({ people, departments }) => people - DEMO_PEOPLE.length >= departments, { message: 'Too few people to give every department a head' });

export type CompanySize = z.infer<typeof CompanySizeSchema>;

export const FULL_COMPANY: CompanySize = { people: 20_000, departments: 200 };

/** The proportions of a company: what each person's V2MOM holds, and how much of it has a past. */
export const PER_V2MOM = { values: 3, methods: 5, obstacles: 2, measures: 2, tasks: 2 } as const;

/**
 * The COO tracks the company's key methods: the first this many of each department head's V2MOM,
 * a few hundred in the full company (docs/PRODUCT.md#coo-view).
 */
export const COO_TRACKED_PER_HEAD = 2;

/** One method in this many checks in weekly (the one at its V2MOM's turn of positions). */
export const CHECKED_IN_EVERY = 5;

/** How far back the check-ins reach: a year of weeks. */
export const WEEKS_OF_CHECK_INS = 52;
