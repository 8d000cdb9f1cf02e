import type { TSentence, TUserRef } from '@v2mom/contracts';
import { personSentence } from '../../lib/person-name';

/**
 * Text someone wrote (a name, a title, a comment) set in a line of other words, in a direction
 * isolate of its own (docs/PRODUCT.md#user-text): its direction comes from its own first strong
 * character, and any mark or override it holds (U+202E) ends with it, so it cannot reorder the
 * words around it.
 */
export function UserText({ children }: { children: string | null | undefined }) {
  return children ? <bdi>{children}</bdi> : null;
}

/** A sentence of the product's words and written parts, each written part isolated. */
export function Sentence({ sentence }: { sentence: TSentence }) {
  return (
    <>
      {sentence.map((part, index) =>
        typeof part === 'string' ? part : <UserText key={index}>{part.written}</UserText>,
      )}
    </>
  );
}

/**
 * A person as every screen names them (`personName`: 'Dana Lee (inactive)' once deactivated), set
 * in a line with their name isolated; `missing` when there is nobody.
 */
export function PersonName({ person, missing }: { person: Pick<TUserRef, 'name' | 'active'> | null | undefined; missing?: string }) {
  return <Sentence sentence={personSentence(person, missing)} />;
}
