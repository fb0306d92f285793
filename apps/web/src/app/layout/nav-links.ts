import { strings } from '@/i18n/strings.ar';

export const MAIN_LINKS = [
  { to: '/', label: strings.nav.home, end: true },
  { to: '/trends', label: strings.nav.trends, end: false },
] as const;

export const FOOTER_LINKS = [
  { to: '/', label: strings.nav.home },
  { to: '/trends', label: strings.nav.trends },
  { to: '/about', label: strings.nav.about },
  { to: '/contact', label: strings.nav.contact },
  { to: '/privacy', label: strings.nav.privacy },
  { to: '/faq', label: strings.nav.faq },
] as const;
