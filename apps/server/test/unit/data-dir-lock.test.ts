import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/platform/db/client';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../../src/platform/db/data-dir-lock';

const dirs: string[] = [];
const children: Array<ReturnType<typeof spawn>> = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-lock-'));
  dirs.push(dir);
  return dir;
};
/** Another process, alive until the test ends. */
const otherProcess = () => {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
};
const lockFileOf = (dir: string) => path.join(dir, LOCK_FILE);

describe('one casino per embedded database folder', () => {
  it('takes the folder, lets this process open it again, and gives it back on release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFileOf(dir), 'utf8')).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).not.toThrow();
    release();
    expect(fs.existsSync(lockFileOf(dir))).toBe(false);
  });

  it('refuses a folder another running process holds, naming it, and opens no database there', async () => {
    const dir = tempDir();
    const pid = otherProcess();
    fs.writeFileSync(lockFileOf(dir), String(pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    await expect(createDatabase({ dataDir: dir })).rejects.toThrow(`in use by process ${pid}`);
    expect(fs.readdirSync(dir)).toEqual([LOCK_FILE]);
  });

  it('takes over the folder of a process that is gone', async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((done) => gone.on('exit', done));
    fs.writeFileSync(lockFileOf(dir), String(gone.pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFileOf(dir), 'utf8')).toBe(String(process.pid));
    release();
  });
});
