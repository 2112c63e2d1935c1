/**
 * The hashing thread's entry (hashThread.ts): SHA-256 of the bytes it is
 * sent, in order, on the fastest engine this runtime has; the fingerprint
 * when asked.
 */
import { createFingerprintHasher } from '../core/view/fingerprint';
import { errorMessage } from '../core/errorMessage';

export type HashRequest = { bytes: Uint8Array } | { finish: true };
/** `spent`: a batch hashed, moved back to be filled again (hashThread.ts). */
export type HashReply = { fingerprint: string } | { error: string } | { spent: Uint8Array };

const hasher = createFingerprintHasher();
const post = (reply: HashReply) => (self as unknown as Worker).postMessage(reply);

self.onmessage = (e: MessageEvent<HashRequest>) => {
  const request = e.data;
  // Reactions to one promise run in the order they were added: the bytes are hashed in order.
  hasher.then(
    (h) => {
      if ('bytes' in request) {
        h.update(request.bytes);
        (self as unknown as Worker).postMessage({ spent: request.bytes } satisfies HashReply, [
          request.bytes.buffer,
        ]);
      } else post({ fingerprint: h.finish() });
    },
    (err: unknown) => post({ error: errorMessage(err) }),
  );
};
