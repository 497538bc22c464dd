export * from './incoming-call';
export * from './incoming-call-slots';
export * from './incoming-call-view-model';
