/** A minimal Web Locks manager, shared like the browser's between the "tabs" of one test. */
export class FakeLockManager {
  private readonly _held = new Set<string>();
  private readonly _queues = new Map<string, (() => void)[]>();

  request(
    name: string,
    options: {ifAvailable?: boolean; signal?: AbortSignal},
    callback: (lock: {name: string} | null) => unknown,
  ): Promise<unknown> {
    const run = async () => {
      this._held.add(name);
      try {
        return await callback({name});
      } finally {
        this._held.delete(name);
        this._queues.get(name)?.shift()?.();
      }
    };
    if (!this._held.has(name)) {
      return run();
    }
    if (options.ifAvailable) {
      return Promise.resolve(callback(null));
    }
    return new Promise((resolve, reject) => {
      const queue = this._queues.get(name) ?? [];
      const entry = () => run().then(resolve, reject);
      queue.push(entry);
      this._queues.set(name, queue);
      options.signal?.addEventListener('abort', () => {
        // Aborting a request that already got its lock changes nothing (as in the browser).
        if (queue.includes(entry)) {
          queue.splice(queue.indexOf(entry), 1);
          reject(new DOMException('aborted', 'AbortError'));
        }
      });
    });
  }
}
