/**
 * The company's public details, in one place: the site's header, footer, contact page, policies and the
 * app's footer read them from here, so a new phone number is changed once.
 */
export const PRODUCT_NAME = 'Bharat Square';
export const COMPANY_NAME = 'Bharat Square Technologies Pvt. Ltd.';
/** The English tagline for metadata; pages show `site.tagline` from the catalogs. */
export const TAGLINE = 'A verified yet anonymous public square for India.';

export const SUPPORT_EMAIL: string = import.meta.env?.PUBLIC_SUPPORT_EMAIL || 'support@bharatsquare.in';

export const PHONE = { display: '+91 20 4860 1120', href: 'tel:+912048601120' };

export const ADDRESS = {
  lines: [
    'Bharat Square Technologies Pvt. Ltd.',
    '4th Floor, Kalpataru Business Square',
    'Baner Road, Baner',
    'Pune, Maharashtra 411045',
    'India',
  ],
  /** Opens the map in a new tab only when the visitor asks for it: no third-party script on our pages. */
  mapUrl: 'https://www.openstreetmap.org/search?query=Baner%20Road%2C%20Baner%2C%20Pune%20411045',
};

export type SocialLink = { name: 'Instagram' | 'LinkedIn' | 'WhatsApp' | 'Facebook'; href: string };

export const SOCIAL_LINKS: SocialLink[] = [
  { name: 'Instagram', href: 'https://www.instagram.com/bharatsquare.in' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/bharat-square' },
  { name: 'WhatsApp', href: 'https://wa.me/912048601120' },
  { name: 'Facebook', href: 'https://www.facebook.com/bharatsquare.in' },
];

/** `label` is a message key (src/locales); the header and footer translate it. */
export type NavLink = { label: string; href: string };

/** The header's page links (spec section 2, landing page). */
export const HEADER_LINKS: NavLink[] = [
  { label: 'site.nav.about', href: '/about' },
  { label: 'site.nav.faq', href: '/faq' },
  { label: 'site.nav.contact', href: '/contactus' },
  { label: 'site.nav.pricing', href: '/pricing-page' },
];

/** The landing page's sections, offered as anchors by the mobile menu. */
export const SECTION_ANCHORS: NavLink[] = [
  { label: 'site.nav.features', href: '/#features' },
  { label: 'site.nav.channels', href: '/#channels' },
  { label: 'site.nav.pricing', href: '/#pricing' },
];

export const FOOTER_LINKS: { heading: string; links: NavLink[] }[] = [
  {
    heading: 'site.footer.company',
    links: [
      { label: 'site.nav.about', href: '/about' },
      { label: 'site.nav.contact', href: '/contactus' },
      { label: 'site.nav.pricing', href: '/pricing-page' },
      { label: 'site.nav.faq', href: '/faq' },
    ],
  },
  {
    heading: 'site.footer.policies',
    links: [
      { label: 'site.nav.privacy', href: '/privacy' },
      { label: 'site.nav.refund', href: '/refund' },
      { label: 'site.nav.terms', href: '/terms-conditions' },
      { label: 'site.nav.grievance', href: '/grievance' },
    ],
  },
];
