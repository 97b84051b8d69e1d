import { showVerificationNeeded } from './verification-gate.store.ts';
import { api, ApiError } from '../lib/api-client.ts';
import type { JoinResult } from '../lib/api-types.ts';
import { toast } from '../lib/toast.ts';

export type JoinOutcome = 'joined' | 'pending' | 'already' | 'failed';

/**
 * Joins a channel by name with the toasts of spec section 8:
 * success 'Joined channel {name} successfully!', 400 "You've already joined {name}", else 'Failed to join {name}'.
 * A private channel answers 202: the request waits for the owner.
 */
export async function joinChannel(name: string): Promise<JoinOutcome> {
  try {
    const result = await api<JoinResult>('/api/circles/join-by-name/', { method: 'POST', body: { circle_name: name } });
    if (result.status === 'pending') {
      void toast(`Request to join ${name} sent. The owner will review it.`, 'info');
      return 'pending';
    }
    void toast(`Joined channel ${name} successfully!`, 'success');
    return 'joined';
  } catch (error) {
    // A channel that checks a verification the person lacks: the app frame's notice says what and offers to verify.
    if (showVerificationNeeded(error)) return 'failed';
    if (error instanceof ApiError && error.status === 400) {
      void toast(`You've already joined ${name}`, 'info');
      return 'already';
    }
    console.error(`Failed to join ${name}`, error);
    void toast(`Failed to join ${name}`, 'error');
    return 'failed';
  }
}
