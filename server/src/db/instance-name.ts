import os from 'node:os';

/** An instance's name when INSTANCE_NAME gives none: its host and process (who holds a lease or a chore). */
export const DEFAULT_INSTANCE_NAME = `${os.hostname()}:${process.pid}`;
