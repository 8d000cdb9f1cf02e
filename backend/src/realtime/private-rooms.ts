/**
 * Rooms the server puts sockets in for its own use, never named by clients (the catalogue's rooms
 * are in contracts): one per session and one per user, so that logging out or changing a password
 * can disconnect the right sockets on every server (`io.in(room).disconnectSockets()`).
 */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const userRoom = (userId: number) => `user:${userId}`;
