/** Waits for background work (a queued job): polls `probe` until it answers something truthy, which it returns. */
export async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  for (const started = Date.now(); Date.now() - started < ms;) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}
