/**
 * A part of the player's card that is one object rather than a list (bonuses with free spins,
 * limits with exclusions): fetched from `/players/:id/<section>` when its tab opens.
 */
import { useEffect, useState } from 'react';
import { api } from '../../api';

export type Section<T> = { data: T | undefined; error: Error | undefined };

/** The section, and `reload` to fetch it again after an action on it. */
export function usePlayerSection<T>(
  playerId: number | string | undefined,
  section: string,
): Section<T> & { reload: () => void } {
  const [state, setState] = useState<Section<T>>({ data: undefined, error: undefined });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (playerId === undefined) return undefined;
    let current = true;
    setState({ data: undefined, error: undefined });
    api<T>('GET', `/players/${encodeURIComponent(String(playerId))}/${section}`).then(
      (data) => current && setState({ data, error: undefined }),
      (error: unknown) => current && setState({ data: undefined, error: error as Error }),
    );
    return () => {
      current = false;
    };
  }, [playerId, section, version]);
  return { ...state, reload: () => setVersion((v) => v + 1) };
}
