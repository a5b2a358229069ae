// A large request body passed to a compute worker piece by piece as it arrives (docs/versions.md, "A large sync"),
// never joined on the request thread: a fresh 50 MB buffer there, filled and counted as the thread's external memory,
// set off a full collection of its heap that held it 140–240 ms on a 2-core machine under load; the pieces, moved, do not.
import { MessageChannel, type MessagePort } from 'node:worker_threads';

/** What the worker's task is given: the port the pieces wait on, and how many bytes they make. */
export interface StreamedInput {
  port: MessagePort;
  length: number;
}

/** The request thread's side: each piece posted as it arrives. */
export class StreamedBody {
  private readonly channel = new MessageChannel();

  constructor(readonly length: number) {}

  /**
   * A piece of the body that owns its memory whole, as Node's HTTP parser hands each one (a copy of its own), is moved
   * (50 MB in 30–50 ms of the thread); any other is copied into the message (400 ms for 50 MB, a piece at a time).
   */
  add(piece: Uint8Array): void {
    const owned = piece.buffer instanceof ArrayBuffer && piece.byteOffset === 0 && piece.byteLength === piece.buffer.byteLength;
    this.channel.port1.postMessage(piece, owned ? [piece.buffer] : []);
  }

  /** The task's input and what moves with it (RunOptions.transfer). */
  forWorker(): { body: StreamedInput; transfer: MessagePort[] } {
    return { body: { port: this.channel.port2, length: this.length }, transfer: [this.channel.port2] };
  }

  /** Frees the pieces not read (a body refused, a request answered before a worker took it). */
  close(): void {
    this.channel.port1.close();
    this.channel.port2.close();
  }
}

/** The worker's side: the pieces read into one buffer of the body's length, as a body read whole would be. */
export function receiveStreamedBody(input: StreamedInput): Promise<{ bytes: ArrayBuffer }> {
  const bytes = new Uint8Array(input.length);
  let received = 0;
  return new Promise((resolve, reject) => {
    if (input.length === 0) return resolve({ bytes: bytes.buffer });
    // Closed from the other side before the last piece (the request given up): nothing more will come.
    input.port.once('close', () => reject(new Error('a streamed body ended before its length')));
    input.port.on('message', (piece: Uint8Array) => {
      if (received + piece.length > input.length) {
        input.port.close();
        return reject(new Error('a streamed body longer than announced'));
      }
      bytes.set(piece, received);
      received += piece.length;
      if (received === input.length) {
        input.port.close();
        resolve({ bytes: bytes.buffer });
      }
    });
  });
}
