/** The three plans of spec section 9, shared by the pricing page and the landing page's pricing section. */
export type Plan = { name: string; pricePerMonth: number; summary: string; features: string[]; highlighted?: boolean };

export const PLANS: Plan[] = [
  {
    name: 'Free',
    pricePerMonth: 0,
    summary: 'Everything you need to join the conversation.',
    features: ['Verified, anonymous profile', 'Join and create channels', 'Post, comment, like and dislike', 'Personalised feed with AI filter'],
  },
  {
    name: 'Pro',
    pricePerMonth: 199,
    summary: 'For members who live in their channels.',
    features: ['Ad-free experience', 'Early access to new features', 'Priority support'],
    highlighted: true,
  },
  {
    name: 'Business',
    pricePerMonth: 999,
    summary: 'For institutions and organisations running communities.',
    features: ['Custom branding', 'Analytics', 'Dedicated account manager'],
  },
];

export const formatRupees = (amount: number) => `₹${amount.toLocaleString('en-IN')}`;
