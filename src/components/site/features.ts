/** What the landing page's carousel promotes (spec section 1). `icon` names a path in FeatureIcon.astro. */
export type Feature = { title: string; text: string; points: string[]; icon: FeatureIconName };
export type FeatureIconName = 'feed' | 'expert' | 'shield' | 'mask' | 'channels' | 'photo';

export const FEATURES: Feature[] = [
  {
    title: 'Personalised feed with AI filter',
    text: 'Your feed follows the channels you join, and an AI filter clears out spam, abuse and low-effort noise before it reaches you.',
    points: ['Built from your channels, not from ads', 'Noise filtered before you scroll'],
    icon: 'feed',
  },
  {
    title: 'Expert-reviewed content',
    text: 'In specialist channels, verified members of the field review what gets pinned: scientists in Science Hub, certified professionals in Finance Forum.',
    points: ['Reviewed by verified experts', 'Sources asked for, not assumed'],
    icon: 'expert',
  },
  {
    title: 'Scam detection',
    text: 'Fake job offers, "guaranteed returns" and impersonated officials are flagged automatically and checked by moderators around the clock.',
    points: ['Suspicious links flagged', '24/7 human review'],
    icon: 'shield',
  },
  {
    title: 'Verified, yet anonymous',
    text: 'We check that you are a student, a scientist or a professional, then show you only as an anonymous handle, a colour and an animal.',
    points: ['No names, no e-mail addresses on show', 'Identity chips say what was verified'],
    icon: 'mask',
  },
  {
    title: 'Channels for every community',
    text: 'Join public channels, ask to join private ones, or start your own for your class, lab or profession in two steps.',
    points: ['Public or private', 'Owners approve who joins'],
    icon: 'channels',
  },
  {
    title: 'Photos that keep your secrets',
    text: 'Every image you upload is stripped of its EXIF data and GPS location before anyone else can see it.',
    points: ['Location and camera data removed', 'Served from our own servers'],
    icon: 'photo',
  },
];
