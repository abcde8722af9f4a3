/**
 * One read at a time for a live stream (the notification count, a draft's changed lines): a
 * trigger while a read runs makes exactly one more read after it, however many arrive, so a burst
 * of events costs two reads, not one each, and no event's change is missed. `read` returns early
 * once the stream is closed; a failed read goes to `onError` (the stream ends and the browser
 * reconnects and reads again).
 */
export function coalescedRead(read: () => Promise<void>, isClosed: () => boolean, onError: () => void): () => void {
  let reading: Promise<void> | null = null;
  let again = false;
  return () => {
    if (reading) {
      again = true;
      return;
    }
    reading = (async () => {
      do {
        again = false;
        await read();
      } while (again && !isClosed());
    })()
      .catch(onError)
      .finally(() => {
        reading = null;
      });
  };
}
