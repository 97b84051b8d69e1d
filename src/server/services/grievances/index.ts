// The grievances domain's only door: code outside this folder imports from here.
export * from './contact-service.ts';
export * from './grievance-service.ts';
