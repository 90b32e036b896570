export * from './errors';
export * from './pagination';
export * from './platform';
