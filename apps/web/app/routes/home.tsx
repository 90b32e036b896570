import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const res = await context.apiFetch('/api/health');
  return { health: (await res.json()) as { status: string } };
}

export function meta() {
  return [{ title: 'Orbit casino' }];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <h1>Orbit — database {loaderData.health.status}</h1>;
}
