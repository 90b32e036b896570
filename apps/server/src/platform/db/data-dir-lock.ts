import fs from 'node:fs';
import path from 'node:path';

/** The file in DATA_DIR naming the process whose embedded database it is. */
export const LOCK_FILE = 'orbit.pid';

/** A second process on the same embedded database: refused, or both would write its files and break them. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `the embedded database in ${dataDir} is in use by process ${pid}: stop that casino first, or give this one another DATA_DIR (or a DATABASE_URL); if no casino runs there, delete ${path.join(dataDir, LOCK_FILE)}`,
    );
    this.name = 'DataDirInUseError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes DATA_DIR for this process (an exclusive create of `orbit.pid`; a file left by a process
 * that is gone is taken over) and answers the release. This process may open it again (tests
 * reopen a folder they closed).
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (holder === process.pid) return () => undefined;
      if (Number.isSafeInteger(holder) && holder > 0 && alive(holder)) throw new DataDirInUseError(dataDir, holder);
      fs.rmSync(file, { force: true });
    }
  }
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}
