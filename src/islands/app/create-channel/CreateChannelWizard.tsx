import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { ChannelType } from '../../../lib/api-types.ts';
import { goBack } from '../create-post/navigation.ts';
import SignInPrompt, { useHasToken } from '../create-post/SignInPrompt.tsx';
import { channelHref } from '../common/post-card/media.ts';
import ChannelPreview from './ChannelPreview.tsx';
import FieldError from '../shell/FieldError.tsx';
import RequirementPicker from '../verifications/RequirementPicker.tsx';
import { NO_REQUIREMENT } from '../verifications/requirement.ts';
import {
  $wizard,
  backToStep1,
  canProceed,
  chooseAltTextRequired,
  chooseRequirement,
  chooseType,
  DESCRIPTION_MAX,
  editField,
  fieldFocused,
  NAME_MAX,
  resetWizard,
  submitWizard,
} from './create-channel.store.ts';
import { useT, withLang } from '../../i18n/use-t.tsx';

const TYPES: { value: ChannelType; label: string; hint: string }[] = [
  { value: 'public', label: 'createChannel.public', hint: 'createChannel.publicHint' },
  { value: 'private', label: 'createChannel.private', hint: 'createChannel.privateHint' },
];

const button = 'rounded-full px-5 py-2 font-semibold';
const primary = `${button} bg-brand-600 text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60`;
const secondary = `${button} border border-line hover:bg-canvas`;

/** Two steps: name and description with a live preview, then Public or Private (spec sections 2 and 4). */
function CreateChannelWizard() {
  const t = useT();
  const signedIn = useHasToken();
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const { step, name, description, channel_type: channelType, requirement, altTextRequired, errors, creating, focus } = useStore($wizard);
  const ready = canProceed({ name, description });

  useEffect(() => resetWizard, []);

  // A refused name or description sends the user back to step 1, to the field at fault.
  useEffect(() => {
    if (step !== 1 || !focus) return;
    (focus === 'name' ? nameRef : descriptionRef).current?.focus();
    fieldFocused();
  }, [focus, step]);

  if (signedIn === false) return <SignInPrompt message={t('createChannel.signIn')} />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const circle = await submitWizard();
    if (circle) location.assign(channelHref(circle.name));
  };

  const field = 'w-full rounded-lg border border-line px-3 py-2';
  return (
    <form onSubmit={onSubmit} className="grid gap-6 md:grid-cols-[1fr_18rem]" noValidate>
      {/* Disabled until hydrated, so nothing typed before the island runs is lost. */}
      <fieldset disabled={signedIn === null} className="min-w-0 space-y-4 rounded-xl border border-line bg-surface p-5">
        <p className="text-sm text-muted">{t('createChannel.step', { step })}</p>
        {step === 1 ? (
          <>
            <div>
              <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-semibold">
                {t('createChannel.name')}
              </label>
              <input
                id={`${id}-name`}
                ref={nameRef}
                value={name}
                maxLength={NAME_MAX}
                autoComplete="off"
                aria-invalid={Boolean(errors.name)}
                aria-describedby={errors.name ? `${id}-name-error` : undefined}
                onChange={(event) => editField('name', event.target.value)}
                className={field}
              />
              <FieldError id={`${id}-name-error`} message={errors.name} />
            </div>
            <div>
              <label htmlFor={`${id}-description`} className="mb-1 block text-sm font-semibold">
                {t('createChannel.description')}
              </label>
              <textarea
                id={`${id}-description`}
                ref={descriptionRef}
                value={description}
                maxLength={DESCRIPTION_MAX}
                rows={4}
                aria-invalid={Boolean(errors.description)}
                aria-describedby={errors.description ? `${id}-description-error` : undefined}
                onChange={(event) => editField('description', event.target.value)}
                className={field}
              />
              <FieldError id={`${id}-description-error`} message={errors.description} />
            </div>
          </>
        ) : (
          <>
            <fieldset>
              <legend className="mb-2 text-sm font-semibold">{t('createChannel.whoCanSee')}</legend>
              <div className="space-y-2">
                {TYPES.map((type) => (
                  <label
                    key={type.value}
                    className={`flex cursor-pointer gap-3 rounded-lg border p-3 ${channelType === type.value ? 'border-brand-600 bg-brand-50' : 'border-line'}`}
                  >
                    <input
                      type="radio"
                      name="channel_type"
                      value={type.value}
                      checked={channelType === type.value}
                      onChange={() => chooseType(type.value)}
                      className="mt-1 accent-brand-600"
                    />
                    <span>
                      <span className="block font-semibold">{t(type.label)}</span>
                      <span className="block text-sm text-muted">{t(type.hint)}</span>
                    </span>
                  </label>
                ))}
              </div>
              <FieldError id={`${id}-type-error`} message={errors.channel_type} />
            </fieldset>
            <RequirementPicker value={requirement ?? NO_REQUIREMENT} onChange={chooseRequirement} error={errors.requirement} />
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                checked={altTextRequired ?? false}
                onChange={(event) => chooseAltTextRequired(event.target.checked)}
                className="mt-1"
              />
              <span>{t('channelPage.altTextRequired')}</span>
            </label>
          </>
        )}
        {errors.form && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {errors.form}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <button type="button" onClick={() => (step === 1 ? goBack() : backToStep1())} className={secondary}>
            {t('createChannel.back')}
          </button>
          {step === 1 ? (
            <button key="next" type="submit" disabled={!ready} className={primary}>
              {t('createChannel.next')}
            </button>
          ) : (
            <button key="create" type="submit" disabled={creating} className={primary}>
              {t('createChannel.create')}
            </button>
          )}
        </div>
      </fieldset>
      <ChannelPreview name={name} description={description} channelType={channelType} />
    </form>
  );
}

export default withLang(CreateChannelWizard);
