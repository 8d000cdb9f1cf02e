import { ref, type EntityManager } from '@mikro-orm/core';
import { isSelfLink, type TUpdateMethod } from '@v2mom/contracts';
import type { User } from '../users/user.entity.js';
import { Value } from '../values/value.entity.js';
import { invalidReference, referencedUser } from '../shared/references.js';
import { Method } from './method.entity.js';
import { V2mom } from '../v2moms/v2mom.entity.js';
import { supportedMethodOf } from '../v2moms/v2mom-alignment.js';

/** The rows a method body names, checked; `undefined` where the body leaves the link alone. */
export interface MethodLinks {
  owner?: User | null;
  linkedValues?: Value[];
  linkedMethod?: Method | null;
  supports?: Method | null;
}

type LinkFields = Pick<TUpdateMethod, 'ownerId' | 'linkedValues' | 'linkedMethodId' | 'supportsMethodId'>;

/**
 * Resolves the ids of a create or update body. Values and the linked method must belong to the
 * method's own V2MOM (docs/PRODUCT.md#links: a method serves its V2MOM's values), and a method never
 * links itself; the supported method must be one of the V2MOM's parent (docs/PRODUCT.md#alignment). `methodId` is undefined while the method is being created.
 */
export async function resolveMethodLinks(
  em: EntityManager,
  v2momId: number,
  methodId: number | undefined,
  body: LinkFields,
): Promise<MethodLinks> {
  const links: MethodLinks = {};
  if (body.ownerId !== undefined) {
    links.owner = body.ownerId === null ? null : await referencedUser(em, body.ownerId, 'ownerId');
  }
  if (body.linkedValues !== undefined) {
    const values = await em.find(Value, { id: { $in: body.linkedValues }, v2mom: v2momId });
    if (values.length !== body.linkedValues.length) {
      throw invalidReference('linkedValues', 'Link only values of this V2MOM');
    }
    links.linkedValues = values;
  }
  if (body.linkedMethodId !== undefined) {
    links.linkedMethod = await linkedMethodOf(em, v2momId, methodId, body.linkedMethodId);
  }
  if (body.supportsMethodId != null) {
    const v2mom = await em.findOneOrFail(V2mom, v2momId, { populate: ['parent'] });
    links.supports = await supportedMethodOf(em, v2mom.parent?.getEntity() ?? null, 'supportsMethodId', body.supportsMethodId);
  } else if (body.supportsMethodId === null) {
    links.supports = null;
  }
  return links;
}

async function linkedMethodOf(
  em: EntityManager,
  v2momId: number,
  methodId: number | undefined,
  linkedMethodId: number | null,
): Promise<Method | null> {
  if (linkedMethodId === null) return null;
  if (isSelfLink(methodId, linkedMethodId)) throw invalidReference('linkedMethodId', 'A method cannot link to itself');
  const linked = await em.findOne(Method, { id: linkedMethodId, v2mom: v2momId });
  if (!linked) throw invalidReference('linkedMethodId', 'Link only methods of this V2MOM');
  return linked;
}

/** Writes resolved links onto the method. */
export function applyMethodLinks(method: Method, links: MethodLinks): void {
  if (links.owner !== undefined) method.owner = links.owner ? ref(links.owner) : null;
  if (links.linkedValues !== undefined) method.linkedValues.set(links.linkedValues);
  if (links.linkedMethod !== undefined) method.linkedMethod = links.linkedMethod ? ref(links.linkedMethod) : null;
  if (links.supports !== undefined) method.supports = links.supports ? ref(links.supports) : null;
}
