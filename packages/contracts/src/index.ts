export * from './errors';
export * from './pagination';
export * from './platform';
export * from './info';
export * from './cms';
export * from './games';
export * from './identity';
export * from './rules';
