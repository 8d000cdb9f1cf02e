import type { EntityManager } from '@mikro-orm/core';
import { DEMO_DEPARTMENTS } from '@v2mom/contracts';
import { Method } from '../../modules/methods/method.entity.js';
import { V2mom } from '../../modules/v2moms/v2mom.entity.js';
import type { PlannedPeople } from './company-people.js';

/**
 * The company's V2MOMs as a cascade (docs/PRODUCT.md#alignment): the COO's head's is the company's;
 * each other department's head's is its department's (a team's, below a department other than the
 * COO), aligned to the V2MOM of the department above or the company's; everyone else's is aligned
 * to their department head's, its first method supporting the head's first. One statement a
 * department, about 600 in all, once every V2MOM is written; the branch tally follows each.
 */
export async function alignCompany(em: EntityManager, people: PlannedPeople, departmentIds: readonly number[], userIds: readonly number[], year: number): Promise<void> {
  const v2moms = await em.find(V2mom, { year }, { fields: ['id', 'owner'] });
  const v2momOfUser = new Map(v2moms.map((v2mom) => [v2mom.owner.id, v2mom.id]));
  const headV2mom = people.heads.map((head) => v2momOfUser.get(userIds[head] ?? 0) ?? null);
  const coo = DEMO_DEPARTMENTS.indexOf('COO');
  const company = headV2mom[coo];
  if (company === null || company === undefined) return;
  await em.nativeUpdate(V2mom, { id: company }, { level: 'company', title: `Company FY${year}` });

  const firstMethods = await em.find(Method, { v2mom: { $in: headV2mom.filter((id) => id !== null) }, position: 0 }, { fields: ['id', 'v2mom'] });
  const firstMethodOf = new Map(firstMethods.map((method) => [method.v2mom.id, method.id]));

  for (const [department, own] of headV2mom.entries()) {
    if (own === null || own === undefined) continue;
    if (department !== coo) {
      const above = people.parents[department] ?? null;
      await em.nativeUpdate(V2mom, { id: own }, {
        level: above === null || above === coo ? 'department' : 'team',
        department: departmentIds[department] ?? null,
        parent: above === null ? company : (headV2mom[above] ?? company),
      });
    }
    const members = (people.members[department] ?? []).flatMap((person) => {
      const id = v2momOfUser.get(userIds[person] ?? 0);
      return id === undefined || id === own ? [] : [id];
    });
    if (members.length === 0) continue;
    await em.nativeUpdate(V2mom, { id: { $in: members } }, { parent: own });
    const supported = firstMethodOf.get(own);
    // Every other member's first method serves the head's first.
    const supporting = members.filter((_, index) => index % 2 === 0);
    if (supported !== undefined) await em.nativeUpdate(Method, { v2mom: { $in: supporting }, position: 0 }, { supports: supported });
  }
}
