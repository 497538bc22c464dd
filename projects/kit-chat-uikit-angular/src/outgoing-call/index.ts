export * from './outgoing-call';
export * from './outgoing-call-slots';
export * from './outgoing-call-view-model';
