import type { PushKind, QuietHours } from '../push-rules.ts';
import { api } from './api-client.ts';

/**
 * Web Push in the browser: the subscription this browser's push service gives for our VAPID key (the service worker's
 * `pushManager`), and the member's choices for it on the server. public/sw-push.js shows what arrives.
 */
export type PushChoices = { kinds: PushKind[]; quiet_hours: QuietHours | null };

/** What this browser allows: no Web Push at all, notifications blocked for the site, not asked yet, or allowed. */
export type PushPermission = 'unsupported' | NotificationPermission;

export function pushPermission(): PushPermission {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission;
}

/**
 * The service worker's registration, active: it is registered on every page's load (PageMeta.astro); registered here
 * when that has not happened yet, since `ready` alone would wait for ever.
 */
async function registration(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration())) await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

/** This browser's push subscription, or null when push is off here (or no service worker was ever registered). */
export async function browserSubscription(): Promise<PushSubscription | null> {
  if (pushPermission() === 'unsupported') return null;
  const found = await navigator.serviceWorker.getRegistration();
  return found ? found.pushManager.getSubscription() : null;
}

/** Sends the browser's subscription and the member's choices (201 new, 200 updated). */
async function saveSubscription(subscription: PushSubscription, choices: PushChoices): Promise<void> {
  const { endpoint, keys } = subscription.toJSON();
  await api('/api/users/me/push-subscriptions/', { method: 'POST', body: { endpoint, keys, ...choices } });
}

/**
 * Turns push on: asks for permission (a click's answer), subscribes with the server's VAPID key and sends the
 * subscription with the member's choices. Answers the permission when it was not granted.
 */
export async function turnOnPush(choices: PushChoices): Promise<PushPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const { public_key: key } = await api<{ public_key: string }>('/api/push/key/');
  const { pushManager } = await registration();
  const subscription =
    (await pushManager.getSubscription()) ??
    (await pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: Uint8Array.from(atob(toBase64(key)), (c) => c.charCodeAt(0)),
    }));
  await saveSubscription(subscription, choices);
  return permission;
}

/** Saves new choices for the subscription this browser has. */
export async function savePushChoices(choices: PushChoices): Promise<void> {
  const subscription = await browserSubscription();
  if (subscription) await saveSubscription(subscription, choices);
}

/** Turns push off in this browser: forgotten on the server, then unsubscribed from the push service. */
export async function turnOffPush(): Promise<void> {
  const subscription = await browserSubscription();
  if (!subscription) return;
  await api('/api/users/me/push-subscriptions/', { method: 'DELETE', query: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

/** At sign-out: the next person on this device must not get this member's pushes. Failures are only logged. */
export async function forgetPushSubscription(): Promise<void> {
  try {
    await turnOffPush();
  } catch (error) {
    console.error('Could not turn push notifications off', error);
  }
}

/** base64url (the VAPID key as the API gives it) to base64 for atob. */
const toBase64 = (base64url: string) =>
  base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
