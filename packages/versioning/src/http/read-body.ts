import type { IncomingMessage } from 'node:http';

/** A request body as read: its bytes, or why there are none. */
export type BodyBytes =
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array }
  /** Longer than the limit: reading stopped there (or never started, when `Content-Length` said so). */
  | { readonly kind: 'too-large' }
  /** The stream failed before its end (the client went away, a broken chunked encoding). */
  | { readonly kind: 'broken' };

const tooLarge: BodyBytes = Object.freeze({ kind: 'too-large' });
const broken: BodyBytes = Object.freeze({ kind: 'broken' });
const empty: BodyBytes = Object.freeze({ kind: 'bytes', bytes: new Uint8Array(0) });

/** Whether a `Content-Length` value announces more than `limit` bytes. */
function announcesMore(contentLength: string | null | undefined, limit: number): boolean {
  return contentLength !== undefined && contentLength !== null && Number(contentLength) > limit;
}

function joined(chunks: readonly Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/**
 * Reads the body of a node:http request (Express's too) up to `limit` bytes. Past the limit it stops keeping what
 * arrives and answers `too-large` at once; a `Content-Length` above it is answered before reading anything.
 */
export function readNodeBody(message: IncomingMessage, limit: number): Promise<BodyBytes> {
  if (announcesMore(message.headers['content-length'], limit)) return Promise.resolve(tooLarge);
  if (message.readableEnded) return Promise.resolve(empty);
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    let length = 0;
    const finish = (result: BodyBytes): void => {
      message.off('data', onData).off('end', onEnd).off('error', onBroken).off('aborted', onBroken);
      resolve(result);
    };
    const onData = (chunk: Uint8Array): void => {
      length += chunk.length;
      if (length > limit) {
        chunks.length = 0;
        // What still arrives is discarded (the stream keeps flowing), never kept.
        finish(tooLarge);
      } else chunks.push(chunk);
    };
    const onEnd = (): void => {
      finish({ kind: 'bytes', bytes: joined(chunks, length) });
    };
    const onBroken = (): void => {
      finish(broken);
    };
    message.on('data', onData).on('end', onEnd).on('error', onBroken).on('aborted', onBroken);
  });
}

/** Reads the body of a fetch `Request` (Hono) up to `limit` bytes, as {@link readNodeBody} does. */
export async function readFetchBody(request: Request, limit: number): Promise<BodyBytes> {
  if (announcesMore(request.headers.get('content-length'), limit)) return tooLarge;
  const stream = request.body;
  if (stream === null) return empty;
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { kind: 'bytes', bytes: joined(chunks, length) };
      length += value.length;
      if (length > limit) {
        // Not cancelled: on @hono/node-server a cancel destroys the request, and its socket with it, before the 413
        // is written. Left unread, the server drains what still comes (and closes a connection that sends on).
        reader.releaseLock();
        return tooLarge;
      }
      chunks.push(value);
    }
  } catch {
    return broken;
  }
}
