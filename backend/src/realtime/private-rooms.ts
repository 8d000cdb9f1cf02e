/**
 * Rooms the server puts sockets in for its own use, never named by clients (the catalogue's rooms
 * are in contracts): one per session and one per user, so that logging out or changing a password
 * can disconnect the right sockets on every server (`io.in(room).disconnectSockets()`); and one of
 * the people who read every V2MOM, drafts included (`manage_structure`), which with the owner's and
 * their manager's user rooms hears a draft's changes (docs/PRODUCT.md#approval).
 */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const userRoom = (userId: number) => `user:${userId}`;
export const DRAFT_READERS_ROOM = 'draft-readers';
