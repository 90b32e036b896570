import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SandboxState } from './model';

/**
 * Where the sandbox keeps its state. Synchronous on purpose: the sandbox is small, and a save
 * that finishes before the HTTP answer means a crash never loses what a merchant was told.
 */
export type SandboxStore = {
  load(): SandboxState | undefined;
  save(state: SandboxState): void;
};

/** Keeps state in memory only (a restart forgets everything). */
export function memoryStore(): SandboxStore {
  let saved: string | undefined;
  return {
    load: () => (saved === undefined ? undefined : (JSON.parse(saved) as SandboxState)),
    save: (state) => {
      saved = JSON.stringify(state);
    },
  };
}

/**
 * Persists state as JSON in `path`. Writes a temporary file and renames it over the old one,
 * so a crash mid-write leaves either the old or the new state, never half of one.
 */
export function fileStore(path: string): SandboxStore {
  return {
    load() {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      return JSON.parse(text) as SandboxState;
    },
    save(state) {
      mkdirSync(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(state));
      renameSync(tmp, path);
    },
  };
}
