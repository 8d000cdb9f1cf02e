/** Children of a V2MOM in their stored order; the id breaks ties so every reader agrees. */
export function byPosition(a: { position: number; id: number }, b: { position: number; id: number }): number {
  return a.position - b.position || a.id - b.id;
}
