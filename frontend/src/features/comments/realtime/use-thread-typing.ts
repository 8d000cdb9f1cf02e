import { canComment, LIVE_EVENTS, type TThreadSubject, type TUser } from '@v2mom/contracts';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { liveSocketAtom } from '../../../lib/live/live-state';
import { heardTyping, nextExpiry, stillTyping, stoppedTyping, typingSignal, type TypingPeople } from './typing-people';

type TypingChecks = typeof import('./typing-checks');

/** The typing words' and writes' checks, once the first of them asked for them. */
let loadingChecks: Promise<TypingChecks> | undefined;

function typingChecks(): Promise<TypingChecks> {
  loadingChecks ??= import('./typing-checks');
  return loadingChecks.catch((error: unknown) => {
    loadingChecks = undefined;
    throw error;
  });
}

const ignoreAnswer = () => {};

/**
 * What the thread's composers call as the viewer types: tells the others at most every
 * TYPING_EVERY_MS (docs/PRODUCT.md#comments). Undefined for a read-only account, which may not
 * comment, so says nothing. Offline it says nothing either: a typing word sent late is a false one.
 */
export function useTypingSignal(subject: TThreadSubject, subjectId: number, viewer: TUser): ((text: string) => void) | undefined {
  const socket = useAtomValue(liveSocketAtom);
  const mayComment = canComment(viewer);
  return useMemo(
    () =>
      mayComment
        ? typingSignal(() => {
            if (socket?.connected) socket.emit(LIVE_EVENTS.threadTyping, { subject, subjectId }, ignoreAnswer);
          })
        : undefined,
    [socket, subject, subjectId, mayComment],
  );
}

/**
 * The other people writing in this thread now (docs/PRODUCT.md#comments): each shown for
 * TYPING_SHOWN_MS after the last `thread:typing` heard from them, or until a write of theirs to
 * the thread arrives (`comment:changed`); never the viewer, whose other tabs are heard too.
 */
export function useTypingPeople(subject: TThreadSubject, subjectId: number, viewerId: number): TypingPeople {
  const socket = useAtomValue(liveSocketAtom);
  const [people, setPeople] = useState<TypingPeople>([]);

  useEffect(() => {
    if (!socket) return;
    let active = true;
    // Events apply in the order they came, each once its check is loaded (zod with the first); one
    // whose check failed to load is dropped, as one the socket missed.
    let applied: Promise<void> = Promise.resolve();
    const inOrder = (apply: () => void | Promise<void>) => {
      applied = applied.then(() => (active ? apply() : undefined)).catch(() => {});
    };
    const checked = (apply: (checks: TypingChecks) => void) => inOrder(async () => apply(await typingChecks()));
    const here = (thread: { subject: string; subjectId: number }) => thread.subject === subject && thread.subjectId === subjectId;
    const onTyping = (payload: unknown) =>
      checked(({ ZThreadTypingEventSchema }) => {
        const parsed = ZThreadTypingEventSchema.safeParse(payload);
        if (!parsed.success || !here(parsed.data) || parsed.data.person.id === viewerId) return;
        const { person } = parsed.data;
        setPeople((shown) => heardTyping(stillTyping(shown, Date.now()), person, Date.now()));
      });
    const onWrite = (payload: unknown) =>
      checked(({ ZThreadWriteSchema }) => {
        const parsed = ZThreadWriteSchema.safeParse(payload);
        if (parsed.success && here(parsed.data.thread)) setPeople((shown) => stoppedTyping(shown, parsed.data.actor.id));
      });
    const onDisconnect = () => inOrder(() => setPeople([]));
    socket.on(LIVE_EVENTS.threadTyping, onTyping);
    socket.on(LIVE_EVENTS.commentChanged, onWrite);
    socket.on('disconnect', onDisconnect);
    return () => {
      active = false;
      socket.off(LIVE_EVENTS.threadTyping, onTyping);
      socket.off(LIVE_EVENTS.commentChanged, onWrite);
      socket.off('disconnect', onDisconnect);
      setPeople([]);
    };
  }, [socket, subject, subjectId, viewerId]);

  // One timer, for whoever is due to go first; each change of who is shown sets it afresh.
  useEffect(() => {
    const due = nextExpiry(people);
    if (due === null) return;
    // Never before `due`, even should the timer fire a shade early: the person due must go.
    const timer = setTimeout(() => setPeople((shown) => stillTyping(shown, Math.max(Date.now(), due))), Math.max(0, due - Date.now()));
    return () => clearTimeout(timer);
  }, [people]);

  return people;
}
