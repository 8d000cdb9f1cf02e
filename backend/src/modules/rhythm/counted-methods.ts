/**
 * The methods the rhythm counts (docs/PRODUCT.md#rhythm-runs), as the FROM and WHERE of a
 * statement: of V2MOMs of the fiscal year (its one parameter), not completed, owned by someone who
 * can still sign in. `join` adds a join before the WHERE; a caller may go on with `and …`.
 */
export function countedMethodsFrom(join = ''): string {
  return `from method m join v2mom v on v.id = m.v2mom_id join "user" u on u.id = m.owner_id ${join}
     where v.year = ? and m.status <> 'completed' and u.active`;
}
