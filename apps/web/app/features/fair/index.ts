// `/fair`: provably fair play explained, with the house studio's round verifier in a frame.
export { FairPage } from './fair-page';
export { fairParams, studioFairSrc, STUDIO_FAIR_PATH } from './fair-query';
