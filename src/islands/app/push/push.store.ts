import { map } from 'nanostores';
import { api, ApiError } from '../../../lib/browser/api-client.ts';
import {
  browserSubscription,
  pushPermission,
  savePushChoices,
  turnOffPush,
  turnOnPush,
  type PushPermission,
} from '../../../lib/browser/push.ts';
import { translator } from '../../../lib/i18n.ts';
import { PUSH_KINDS, type PushKind, type QuietHours } from '../../../lib/push-rules.ts';
import { $lang } from '../../../stores/lang.store.ts';

/**
 * The profile's push settings for this browser: whether push is on here, which kinds, and quiet hours (in the
 * browser's own time zone). `status`: 'loading', 'unsupported' (no Web Push), 'denied' (notifications blocked for the
 * site), 'off' or 'on'.
 */
export type PushStatus = 'loading' | Exclude<PushPermission, 'default' | 'granted'> | 'off' | 'on';
export type PushSettingsState = {
  status: PushStatus;
  kinds: PushKind[];
  quiet: { enabled: boolean; start: string; end: string };
  busy: boolean;
  /** What was just done ('push.saved'), as a catalog key. */
  notice: string | null;
  error: string | null;
};

const DEFAULT_QUIET = { enabled: false, start: '22:00', end: '07:00' };

export const $pushSettings = map<PushSettingsState>({
  status: 'loading',
  kinds: [...PUSH_KINDS],
  quiet: DEFAULT_QUIET,
  busy: false,
  notice: null,
  error: null,
});

type Listed = { endpoint: string; kinds: PushKind[]; quiet_hours: QuietHours | null };

const failure = (error: unknown, fallbackKey: string) => (error instanceof ApiError ? error.message : translator($lang.get())(fallbackKey));

/** Reads whether push is on in this browser, and its choices as the server keeps them. */
export async function loadPushSettings(): Promise<void> {
  const permission = pushPermission();
  if (permission === 'unsupported' || permission === 'denied') return void $pushSettings.setKey('status', permission);
  try {
    const subscription = await browserSubscription();
    const { results } = await api<{ results: Listed[] }>('/api/users/me/push-subscriptions/');
    const mine = subscription && results.find((listed) => listed.endpoint === subscription.endpoint);
    if (!mine) return void $pushSettings.setKey('status', 'off');
    $pushSettings.set({
      ...$pushSettings.get(),
      status: 'on',
      kinds: mine.kinds,
      quiet: mine.quiet_hours ? { enabled: true, start: mine.quiet_hours.start, end: mine.quiet_hours.end } : DEFAULT_QUIET,
    });
  } catch (error) {
    $pushSettings.set({ ...$pushSettings.get(), status: 'off', error: failure(error, 'push.failed') });
  }
}

export function toggleKind(kind: PushKind, on: boolean) {
  const kinds = $pushSettings.get().kinds.filter((k) => k !== kind);
  $pushSettings.set({ ...$pushSettings.get(), kinds: PUSH_KINDS.filter((k) => (k === kind ? on : kinds.includes(k))), notice: null });
}

export function setQuiet(quiet: Partial<PushSettingsState['quiet']>) {
  $pushSettings.set({ ...$pushSettings.get(), quiet: { ...$pushSettings.get().quiet, ...quiet }, notice: null });
}

function choices() {
  const { kinds, quiet } = $pushSettings.get();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return { kinds, quiet_hours: quiet.enabled ? { start: quiet.start, end: quiet.end, time_zone: timeZone } : null };
}

async function busy(work: () => Promise<Partial<PushSettingsState>>, fallbackKey: string) {
  $pushSettings.set({ ...$pushSettings.get(), busy: true, notice: null, error: null });
  try {
    $pushSettings.set({ ...$pushSettings.get(), ...(await work()), busy: false });
  } catch (error) {
    $pushSettings.set({ ...$pushSettings.get(), busy: false, error: failure(error, fallbackKey) });
  }
}

/** Turn on (asks for permission first) or save the choices, whichever this browser is at. */
export const turnOn = () =>
  busy(async () => {
    const permission = await turnOnPush(choices());
    if (permission === 'denied') return { status: 'denied' };
    return permission === 'granted' ? { status: 'on' } : {};
  }, 'push.failed');

export const saveChoices = () =>
  busy(async () => {
    await savePushChoices(choices());
    return { notice: 'push.saved' };
  }, 'push.saveFailed');

export const turnOff = () =>
  busy(async () => {
    await turnOffPush();
    return { status: 'off' };
  }, 'push.saveFailed');
