/** The app's navigation (spec section 2): Home, Explore, Popular and Create Channel live; two still 'Coming Soon'. */
export type NavKey = 'home' | 'create-channel' | 'explore' | 'popular';

/** `label` is a message key (src/locales). */
export type NavItem = { label: string; icon: string; href?: string; key?: NavKey };

export const NAV_ITEMS: NavItem[] = [
  { label: 'app.nav.home', icon: 'home', href: '/home', key: 'home' },
  { label: 'app.nav.createChannel', icon: 'plus', href: '/home/create-channel', key: 'create-channel' },
  { label: 'app.nav.explore', icon: 'compass', href: '/home/explore', key: 'explore' },
  // Popular is Explore sorted by this week's posts.
  { label: 'app.nav.popular', icon: 'trend', href: '/home/explore?sort=active', key: 'popular' },
  { label: 'app.nav.customFeed', icon: 'list' },
  { label: 'app.nav.manageCommunity', icon: 'users' },
];

export const LIVE_ITEMS = NAV_ITEMS.filter((item) => item.href);

/** SVG path data for the nav icons, shared by the .astro menus (which ship no framework code). */
export const NAV_ICON_PATHS: Record<string, string> = {
  home: 'm3 10 9-7 9 7v10a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  plus: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 8v8M8 12h8',
  compass: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm3.5 5.5-2 5-5 2 2-5z',
  trend: 'm3 17 6-6 4 4 8-8M14 7h7v7',
  list: 'M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01',
  users: 'M9 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM2 21a7 7 0 0 1 14 0M16 4a4 4 0 0 1 0 8M22 21a7 7 0 0 0-4-6.3',
};
