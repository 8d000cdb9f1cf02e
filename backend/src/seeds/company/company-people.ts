import { DEMO_DEPARTMENTS, type TCapability, type TRole } from '@v2mom/contracts';
import { DEMO_DEPARTMENT_STRUCTURE, demoEmail, type DemoPerson } from '../demo/demo-people.js';
import type { Random } from './random.js';

const FUNCTIONS = [
  'Sales', 'Marketing', 'Platform', 'Finance', 'People', 'Legal', 'Customer Success', 'Support', 'Data', 'Security',
  'Infrastructure', 'Procurement', 'Operations', 'Research', 'Partnerships', 'Product Design', 'Analytics', 'Quality',
  'Supply Chain', 'Field Engineering',
] as const;
const REGIONS = [
  'North America', 'Latin America', 'UK and Ireland', 'DACH', 'Nordics', 'Southern Europe', 'Middle East', 'Africa',
  'India', 'Japan', 'Greater China', 'Australia and New Zealand',
] as const;

/** How many departments can be made besides the demo's. */
export const GENERATED_DEPARTMENT_COUNT = FUNCTIONS.length * REGIONS.length;

const FIRST_NAMES = [
  'Amara', 'Ben', 'Carla', 'Dev', 'Elif', 'Felix', 'Gita', 'Hugo', 'Ines', 'Jonas', 'Kira', 'Luca', 'Maya', 'Nico',
  'Olga', 'Pablo', 'Quinn', 'Rosa', 'Sami', 'Tara', 'Umar', 'Vera', 'Wes', 'Xenia', 'Yusuf', 'Zoe', 'Aiko', 'Bram',
  'Chidi', 'Dana', 'Emil', 'Farah', 'Goran', 'Hana', 'Ivan', 'Jade', 'Kofi', 'Lena', 'Mateo', 'Nadia',
] as const;
const LAST_NAMES = [
  'Adams', 'Berg', 'Castro', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Horvat', 'Ito', 'Jensen', 'Kowalski', 'Larsen',
  'Moreau', 'Nguyen', 'Okafor', 'Petrov', 'Quispe', 'Rossi', 'Silva', 'Tanaka', 'Uysal', 'Varga', 'Weber', 'Xu',
  'Yilmaz', 'Zhang', 'Abara', 'Brennan', 'Costa', 'Dahl', 'Evans', 'Fontaine', 'Gupta', 'Hughes', 'Ivanova', 'Jovanovic',
  'Kim', 'Lopez', 'Mensah', 'Novak',
] as const;

interface PlannedPerson {
  username: string;
  name: string;
  /** Index in the department list. */
  department: number;
  role: TRole;
  capabilities: TCapability[];
  email: string;
  /** The first person of each department besides the demo's: their V2MOM is the department's. */
  head: boolean;
}

export interface PlannedPeople {
  departments: string[];
  people: PlannedPerson[];
  /** Indexes of each department's people, by department index. */
  members: number[][];
  /** Each department's parent (a department index), null for a top department. */
  parents: (number | null)[];
  /** Each department's head (a person index). */
  heads: number[];
}

/** How many teams each generated top department has: the company's tree is a few dozen departments, each with its teams. */
const TEAMS_PER_DEPARTMENT = 9;

/**
 * Where each department sits: the demo's as the demo has them, headed by the demo's people; of the
 * rest, every tenth is a top department and the nine after it its teams, each headed by its first
 * person.
 */
function planStructure(departments: readonly string[], people: readonly PlannedPerson[]): Pick<PlannedPeople, 'parents' | 'heads'> {
  const demoCount = DEMO_DEPARTMENTS.length;
  const byUsername = new Map(people.map((person, index) => [person.username, index]));
  const firstHeads = new Map<number, number>();
  people.forEach((person, index) => {
    if (person.head && !firstHeads.has(person.department)) firstHeads.set(person.department, index);
  });
  const parents = departments.map((_, index): number | null => {
    if (index < demoCount) {
      const parent = DEMO_DEPARTMENT_STRUCTURE[DEMO_DEPARTMENTS[index] ?? 'COO'].parent;
      return parent === undefined ? null : DEMO_DEPARTMENTS.indexOf(parent);
    }
    const generated = index - demoCount;
    const place = generated % (TEAMS_PER_DEPARTMENT + 1);
    return place === 0 ? null : index - place;
  });
  const heads = departments.map((_, index) => {
    const demoHead = index < demoCount ? byUsername.get(DEMO_DEPARTMENT_STRUCTURE[DEMO_DEPARTMENTS[index] ?? 'COO'].head) : undefined;
    return demoHead ?? firstHeads.get(index) ?? 0;
  });
  return { parents, heads };
}

/**
 * Whom each person reports to: their department's head; a head, the head of the department theirs
 * is a team of, or the COO's head for a top department's; the COO's head, nobody.
 */
export function plannedManagers({ people, parents, heads }: PlannedPeople): (number | null)[] {
  const cooHead = heads[DEMO_DEPARTMENTS.indexOf('COO')] ?? null;
  return people.map((person, index) => {
    const head = heads[person.department] ?? null;
    if (head !== index) return head;
    const parent = parents[person.department] ?? null;
    const above = parent === null ? cooHead : (heads[parent] ?? null);
    return above === index ? null : above;
  });
}

/** The demo's departments, then function and region pairs, none of them the same name. */
function departmentNames(count: number): string[] {
  const names: string[] = [...DEMO_DEPARTMENTS];
  for (const region of REGIONS) for (const area of FUNCTIONS) if (names.length < count) names.push(`${area} ${region}`);
  return names;
}

/** Heads lead with the demo lead's capabilities; the COO's head is an administrator, as the demo's COO is. */
function head(department: string): Pick<PlannedPerson, 'role' | 'capabilities'> {
  return { role: department === 'COO' ? 'admin' : 'user', capabilities: ['export_slides', 'manage_tasks'] };
}

/** Most people write their own V2MOM; some only read and report their methods, a few administer. */
function member(random: Random): Pick<PlannedPerson, 'role' | 'capabilities'> {
  const role = random.weighted<TRole>({ user: 84, read_only: 14, admin: 2 });
  const capabilities: TCapability[] = role !== 'read_only' && random.chance(0.02) ? ['manage_tasks'] : [];
  return { role, capabilities };
}

function fromDemo(person: DemoPerson, departments: readonly string[]): PlannedPerson {
  return { ...person, capabilities: [...person.capabilities], department: departments.indexOf(person.department), email: demoEmail(person.username), head: false };
}

/**
 * The departments and their people: the demo's people in their departments as the demo has them,
 * then `people` less those spread evenly over the departments, the first of each its head.
 */
export function planPeople(random: Random, sizes: { people: number; departments: number }, demo: readonly DemoPerson[]): PlannedPeople {
  const departments = departmentNames(sizes.departments);
  const people = demo.map((person) => fromDemo(person, departments));
  for (let index = 0; people.length < sizes.people; index += 1) {
    const department = index % departments.length;
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const username = `${first}.${last}.${index + 1}`.toLowerCase();
    const isHead = index < departments.length;
    people.push({
      username,
      name: `${first} ${last}`,
      department,
      ...(isHead ? head(departments[department] ?? '') : member(random)),
      email: demoEmail(username),
      head: isHead,
    });
  }
  const members = departments.map((): number[] => []);
  people.forEach((person, index) => members[person.department]?.push(index));
  return { departments, people, members, ...planStructure(departments, people) };
}
