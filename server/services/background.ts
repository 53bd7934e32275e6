/**
 * Work done after the answer has left: mails whose sending must not show in the response time
 * (otherwise a known account answers measurably slower than an unknown one). Failures are logged.
 * `idle()` resolves when nothing is running; the app waits for it before closing, and the API
 * tests after each request, so they read the outbox as a person would after a moment.
 */
interface ErrorLog {
  error(details: Record<string, unknown>, message: string): void;
}

export function createBackgroundTasks(log: ErrorLog) {
  const running = new Set<Promise<void>>();
  return {
    run(name: string, task: () => Promise<void>): void {
      const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
        .finally(() => running.delete(job));
      running.add(job);
    },
    async idle(): Promise<void> {
      while (running.size) await Promise.all([...running]);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
