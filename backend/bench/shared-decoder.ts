import { Decoder, Encoder, type Packet } from 'socket.io-parser';

/**
 * The load test's and the live benchmark's Socket.IO parser (socket.io-parser's own, `parser`
 * option of the client). A broadcast reaches each of the process's thousand clients as
 * byte-identical text, and parsing that JSON a thousand times in a row took a third of the
 * process's time, one frame after another, so the last client's event waited behind the other 999
 * parses: a delay of the harness, which a thousand browsers on a thousand machines do not have.
 * Here a frame whose text equals the one decoded just before gets that packet again; every client
 * still receives and counts its own frame (docs/PERFORMANCE.md#the-load-test).
 */
let lastText: string | undefined;
let lastPacket: Packet | undefined;

class SharedDecoder extends Decoder {
  override add(chunk: unknown): void {
    if (typeof chunk !== 'string') {
      super.add(chunk);
      return;
    }
    if (chunk === lastText && lastPacket) {
      this.emitReserved('decoded', lastPacket);
      return;
    }
    const remember = (packet: Packet) => {
      // A packet with an id expects an acknowledgement the client appends to its data: not shared.
      if (packet.id === undefined) [lastText, lastPacket] = [chunk, packet];
    };
    this.once('decoded', remember);
    try {
      super.add(chunk);
    } finally {
      this.off('decoded', remember);
    }
  }
}

export const sharedDecodingParser = { Encoder, Decoder: SharedDecoder };
