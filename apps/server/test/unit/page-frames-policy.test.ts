import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, pagePolicy } from '../../src/platform/http/security-headers';

const directives = (policy: string) => policy.split(';').map((d) => d.trim().split(/\s+/)[0]);

/**
 * The page frames the configured betting site (`/sport`, docs/sportsbook.md) and the game studios'
 * launch addresses (any origin an operator sets). The policy restricts neither: a `frame-src`,
 * `child-src` or `default-src` here would have to list the betting origin (and every studio).
 */
describe('the frames a page may open', () => {
  it('are not restricted by the page policy or the default one', () => {
    for (const policy of [
      pagePolicy(['https://bet.casino.example'], 'nonce'),
      pagePolicy([], null),
      contentSecurityPolicy([], "script-src 'self'"),
    ]) {
      expect(directives(policy)).not.toContain('frame-src');
      expect(directives(policy)).not.toContain('child-src');
      expect(directives(policy)).not.toContain('default-src');
    }
  });
});
