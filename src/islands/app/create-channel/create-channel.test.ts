import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../lib/browser/api-client.ts', () => import('../../../../tests/helpers/api-client-mock.ts'));
const { apiMock, ApiError } = await import('../../../../tests/helpers/api-client-mock.ts');
const { $wizard, backToStep1, canProceed, chooseType, editField, readChannelErrors, resetWizard, submitWizard } =
  await import('./create-channel.store.ts');

describe('create channel step 1 (spec section 5)', () => {
  it('needs a non-blank name and description', () => {
    expect(canProceed({ name: '', description: 'x' })).toBe(false);
    expect(canProceed({ name: 'x', description: '   ' })).toBe(false);
    expect(canProceed({ name: ' Kudla ', description: 'Coastal news' })).toBe(true);
  });
});

describe('readChannelErrors', () => {
  it('puts each field message beside its field', () => {
    const error = new ApiError('x', 400, {
      name: ['A channel with this name already exists.'],
      description: ['This field may not be blank.'],
    });
    expect(readChannelErrors(error)).toEqual({
      name: 'A channel with this name already exists.',
      description: 'This field may not be blank.',
    });
  });

  it("shows the server's detail, or a generic message for network failures", () => {
    expect(readChannelErrors(new ApiError('x', 429, { detail: 'Slow down.' }))).toEqual({ form: 'Slow down.' });
    expect(readChannelErrors(new ApiError('fetch failed', 0, undefined))).toEqual({
      form: 'Could not create the channel. Please try again.',
    });
    expect(readChannelErrors(new Error('x'))).toEqual({ form: 'Could not create the channel. Please try again.' });
  });
});

describe('the wizard store', () => {
  beforeEach(() => {
    resetWizard();
    apiMock.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('goes on to step 2 only once name and description are filled in', async () => {
    editField('name', 'Kudla');
    expect(await submitWizard()).toBeNull();
    expect($wizard.get().step).toBe(1);
    editField('description', 'Coastal news');
    await submitWizard();
    expect($wizard.get().step).toBe(2);
    backToStep1();
    expect($wizard.get()).toMatchObject({ step: 1, name: 'Kudla', description: 'Coastal news' });
  });

  it('creates the channel with the trimmed draft and hands it back', async () => {
    const circle = { id: 9, name: 'Kudla' };
    apiMock.mockResolvedValueOnce(circle);
    editField('name', ' Kudla ');
    editField('description', 'Coastal news ');
    await submitWizard();
    chooseType('private');
    expect(await submitWizard()).toBe(circle);
    expect(apiMock).toHaveBeenCalledWith('/api/circles/', {
      method: 'POST',
      body: { name: 'Kudla', description: 'Coastal news', channel_type: 'private', requirement: null },
    });
  });

  it('sends a refused name back to step 1, to that field, and typing clears its message', async () => {
    apiMock.mockRejectedValueOnce(new ApiError('x', 400, { name: ['A channel with this name already exists.'] }));
    editField('name', 'Kudla');
    editField('description', 'Coastal news');
    await submitWizard();
    expect(await submitWizard()).toBeNull();
    expect($wizard.get()).toMatchObject({
      step: 1,
      focus: 'name',
      creating: false,
      errors: { name: 'A channel with this name already exists.' },
    });
    editField('name', 'Kudla 2');
    expect($wizard.get().errors.name).toBeUndefined();
  });

  it('keeps step 2 for a message about the form as a whole', async () => {
    apiMock.mockRejectedValueOnce(new ApiError('x', 429, { detail: 'Slow down.' }));
    editField('name', 'Kudla');
    editField('description', 'Coastal news');
    await submitWizard();
    await submitWizard();
    expect($wizard.get()).toMatchObject({ step: 2, focus: null, errors: { form: 'Slow down.' } });
  });
});

describe('asking for image descriptions', () => {
  it('sends alt_text_required only when the owner asks for it', async () => {
    const { apiMock } = await import('../../../../tests/helpers/api-client-mock.ts');
    const { createChannel } = await import('./create-channel.store.ts');
    apiMock.mockReset();
    apiMock.mockResolvedValueOnce({ id: 1 });
    await createChannel({ name: 'Lens', description: 'Photos', channel_type: 'public', altTextRequired: true });
    expect(apiMock).toHaveBeenCalledWith('/api/circles/', {
      method: 'POST',
      body: { name: 'Lens', description: 'Photos', channel_type: 'public', requirement: null, alt_text_required: true },
    });
  });
});
