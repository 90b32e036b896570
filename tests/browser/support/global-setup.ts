/**
 * Runs once per browser run: the migrated and seeded embedded database every file's server
 * starts from (the API suite's PGlite template; the browser servers always run on PGlite).
 */
import type { TestProject } from 'vitest/node';
import { providePgliteTemplate } from '../../../apps/server/test/support/global-setup';

export default (project: TestProject) => providePgliteTemplate(project);
