export * from './locale';
export * from './currency';
export * from './constants';
export * from './regions';
