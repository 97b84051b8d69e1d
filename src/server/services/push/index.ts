// The Web Push domain's only door: code outside this folder imports from here.
import type { Db } from '../../db/client.ts';
import { bindTo } from '../../db/bind.ts';
import { listSubscriptions, subscribe, unsubscribe } from './subscriptions.ts';

export { createPushDelivery, PUSH_JOB, type PushDelivery, type PushPayload, type RecordedNotification } from './delivery.ts';
export { endpointProblem, isPrivateAddress } from './endpoints.ts';
export { quietUntil } from './quiet-hours.ts';
export { endpointQuery, subscriptionSchema, type PushSubscription, type PushSubscriptionInput } from './subscriptions.ts';

/** A member's push subscriptions: subscribe (or update), unsubscribe, list. */
export const createPushSubscriptions = ({ db }: { db: Db }) => bindTo(db, { subscribe, unsubscribe, list: listSubscriptions });
