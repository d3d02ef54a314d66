/** Waits `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads until `ok` holds or `ms` pass, then answers the last reading (the caller's expectations say what was
 * wrong): for what the background message queue does after a request has answered.
 */
export async function until<T>(read: () => Promise<T> | T, ok: (v: T) => boolean, ms = 4000): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!ok(value) && Date.now() < end) {
    await sleep(25);
    value = await read();
  }
  return value;
}
