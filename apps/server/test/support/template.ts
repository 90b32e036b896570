/** What the global setup hands each test file: where the migrated and seeded template lives. */
export type TestTemplate =
  { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; databaseUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    orbitTemplate: TestTemplate;
  }
}

/** The same server URL with another database name. */
export function withDatabase(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
