/** Where a worker of the outboxes logs (the server's logger, or a test's). */
export interface WorkerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
