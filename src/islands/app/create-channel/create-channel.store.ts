import { map } from 'nanostores';
import { api, ApiError } from '../../../lib/browser/api-client.ts';
import type { ChannelType, Circle } from '../../../lib/api-types.ts';
import { isComplete, NO_REQUIREMENT, requirementBody, type RequirementChoice } from '../verifications/requirement.ts';

import { translator } from '../../../lib/i18n.ts';
import { $lang } from '../../../stores/lang.store.ts';

export { CIRCLE_NAME_MAX as NAME_MAX, CIRCLE_DESCRIPTION_MAX as DESCRIPTION_MAX } from '../../../lib/validation-rules.ts';

export type ChannelDraft = {
  name: string;
  description: string;
  channel_type: ChannelType;
  requirement?: RequirementChoice;
  altTextRequired?: boolean;
};
export type ChannelErrors = { name?: string; description?: string; channel_type?: string; requirement?: string; form?: string };
export type CreateResult = { ok: true; circle: Circle } | { ok: false; errors: ChannelErrors };

/** Catalog keys of the wizard's own messages. */
export const CREATE_FAILED = 'createChannel.createFailed';
export const REQUIREMENT_INCOMPLETE = 'channelPage.chooseInstitution';
const say = (key: string) => translator($lang.get())(key);

/** Spec section 5: name and description must be non-blank to go on to step 2. */
export const canProceed = (draft: Pick<ChannelDraft, 'name' | 'description'>) =>
  draft.name.trim() !== '' && draft.description.trim() !== '';

/** The server's answer as messages per field; anything else goes to the form. */
export function readChannelErrors(error: unknown): ChannelErrors {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== 'object') return { form: say(CREATE_FAILED) };
  const data = error.data as Record<string, unknown>;
  const first = (value: unknown) => (Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined);
  const errors: ChannelErrors = {};
  if (first(data.name)) errors.name = first(data.name);
  if (first(data.description)) errors.description = first(data.description);
  if (first(data.channel_type)) errors.channel_type = first(data.channel_type);
  if (first(data.requirement)) errors.requirement = first(data.requirement);
  const other = typeof data.detail === 'string' ? data.detail : first(data.non_field_errors);
  if (other) errors.form = other;
  return Object.keys(errors).length ? errors : { form: error.status === 0 ? say(CREATE_FAILED) : error.message || say(CREATE_FAILED) };
}

export async function createChannel(draft: ChannelDraft): Promise<CreateResult> {
  try {
    const circle = await api<Circle>('/api/circles/', {
      method: 'POST',
      body: {
        name: draft.name.trim(),
        description: draft.description.trim(),
        channel_type: draft.channel_type,
        requirement: requirementBody(draft.requirement ?? NO_REQUIREMENT),
        // Sent only when asked for: off is the server's default.
        ...(draft.altTextRequired ? { alt_text_required: true } : {}),
      },
    });
    return { ok: true, circle };
  } catch (error) {
    console.error('Failed to create the channel', error);
    return { ok: false, errors: readChannelErrors(error) };
  }
}

/** The wizard's state: the draft, the step, the server's messages, and which step-1 field a refusal points at. */
export type WizardState = ChannelDraft & {
  step: 1 | 2;
  errors: ChannelErrors;
  creating: boolean;
  /** The field to focus after the server refused it (cleared once focused). */
  focus: 'name' | 'description' | null;
};

const NEW_WIZARD: WizardState = {
  name: '',
  description: '',
  channel_type: 'public',
  requirement: NO_REQUIREMENT,
  altTextRequired: false,
  step: 1,
  errors: {},
  creating: false,
  focus: null,
};

export const $wizard = map<WizardState>({ ...NEW_WIZARD });

export const resetWizard = () => $wizard.set({ ...NEW_WIZARD });

/** Typing in a field clears that field's message. */
export function editField(field: 'name' | 'description', value: string) {
  const state = $wizard.get();
  $wizard.set({ ...state, [field]: value, errors: { ...state.errors, [field]: undefined } });
}

export const chooseType = (channelType: ChannelType) => $wizard.setKey('channel_type', channelType);

/** Step 2's "Who can join"; a new choice clears its message. */
export function chooseRequirement(requirement: RequirementChoice) {
  $wizard.set({ ...$wizard.get(), requirement, errors: { ...$wizard.get().errors, requirement: undefined } });
}

/** Step 2's "Ask for a description of every image". */
export const chooseAltTextRequired = (on: boolean) => $wizard.setKey('altTextRequired', on);

export const backToStep1 = () => $wizard.setKey('step', 1);

export const fieldFocused = () => $wizard.setKey('focus', null);

/**
 * Next on step 1 (once name and description are filled in), Create Channel on step 2. A refused name or
 * description sends the user back to step 1, to the field at fault. Returns the circle once it is created.
 */
export async function submitWizard(): Promise<Circle | null> {
  const state = $wizard.get();
  if (state.step === 1) {
    if (canProceed(state)) $wizard.setKey('step', 2);
    return null;
  }
  if (state.creating) return null;
  if (!isComplete(state.requirement ?? NO_REQUIREMENT)) {
    $wizard.setKey('errors', { ...state.errors, requirement: say(REQUIREMENT_INCOMPLETE) });
    return null;
  }
  $wizard.setKey('creating', true);
  const result = await createChannel(state);
  if (result.ok) return result.circle;
  const { errors } = result;
  const focus = errors.name ? 'name' : errors.description ? 'description' : null;
  $wizard.set({ ...$wizard.get(), creating: false, errors, ...(focus ? { step: 1, focus } : {}) });
  return null;
}
