/**
 * `npm start`: production mode unless told otherwise. React and React Router pick their fast
 * production builds from NODE_ENV when they load, so it is set before anything imports them.
 * `npm run dev` (ORBIT_DEV=1) keeps development mode for Vite and React's warnings.
 */
if (process.env.ORBIT_DEV !== '1') process.env.NODE_ENV ??= 'production';
await import('./main');
export {};
