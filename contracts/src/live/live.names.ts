/**
 * Event names: constants on both ends, never string literals. Apart from the events' schemas, so
 * a screen that only names an event does not load every row schema with it.
 */
export const LIVE_EVENTS = {
  entityChanged: 'entity:changed',
  presenceChanged: 'presence:changed',
  joinV2mom: 'v2mom:join',
  leaveV2mom: 'v2mom:leave',
  focusItem: 'presence:focus',
  heartbeat: 'live:heartbeat',
  commentChanged: 'comment:changed',
  notificationsChanged: 'notifications:changed',
  threadTyping: 'thread:typing',
  openThread: 'thread:open',
  closeThread: 'thread:close',
  threadCounted: 'thread:counted',
  askAssistant: 'assistant:ask',
  assistantInsights: 'assistant:insights',
  meetingBrief: 'assistant:brief',
  stopAssistant: 'assistant:stop',
  assistantDelta: 'assistant:delta',
  assistantDone: 'assistant:done',
  assistantError: 'assistant:error',
  watchScreen: 'screen:watch',
  unwatchScreen: 'screen:unwatch',
  startPresenting: 'presentation:start',
  presentState: 'presentation:state',
  stopPresenting: 'presentation:stop',
  follow: 'presentation:follow',
  presentationChanged: 'presentation:changed',
  presentationEnded: 'presentation:ended',
  followersChanged: 'presentation:followers',
} as const;
