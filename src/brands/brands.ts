import type { Lang } from '../i18n/languages.ts';

export type BrandId = 'shipbox' | 'mailbridge';

export interface MailingList {
  id: number;
  type: number;
}

export interface Brand {
  id: BrandId;
  /** Display name, the same in every language. */
  name: string;
  /** The slug that replaces `{brand}` in article paths. */
  slug: string;
  /** The public site's origin, for canonical links and the sitemap; `SITE_URL_<ID>` overrides it at build time. */
  siteUrl: string;
  languages: readonly Lang[];
  hasLiveChat: boolean;
  mailingLists: { promo: MailingList; serviceUpdate: MailingList };
  social: readonly { network: 'facebook' | 'instagram' | 'x' | 'youtube' | 'linkedin'; url: string }[];
  apps: { ios: string; android: string };
}

export const brands: Record<BrandId, Brand> = {
  shipbox: {
    id: 'shipbox',
    name: 'Shipbox',
    slug: 'shipbox',
    siteUrl: 'https://www.shipbox.example',
    languages: ['en', 'ar'],
    hasLiveChat: true,
    mailingLists: { promo: { id: 1054, type: 4 }, serviceUpdate: { id: 1055, type: 3 } },
    social: [
      { network: 'facebook', url: 'https://www.facebook.com/shipbox' },
      { network: 'instagram', url: 'https://www.instagram.com/shipbox' },
      { network: 'x', url: 'https://x.com/shipbox' },
      { network: 'youtube', url: 'https://www.youtube.com/@shipbox' },
    ],
    apps: {
      ios: 'https://apps.apple.com/app/shipbox/id0000000001',
      android: 'https://play.google.com/store/apps/details?id=com.shipbox.app',
    },
  },
  mailbridge: {
    id: 'mailbridge',
    name: 'Mailbridge',
    slug: 'mailbridge',
    siteUrl: 'https://www.mailbridge.example',
    languages: ['en'],
    hasLiveChat: false,
    mailingLists: { promo: { id: 23, type: 2 }, serviceUpdate: { id: 407, type: 1 } },
    social: [
      { network: 'facebook', url: 'https://www.facebook.com/mailbridge' },
      { network: 'linkedin', url: 'https://www.linkedin.com/company/mailbridge' },
    ],
    apps: {
      ios: 'https://apps.apple.com/app/mailbridge/id0000000002',
      android: 'https://play.google.com/store/apps/details?id=com.mailbridge.app',
    },
  },
};

export function getBrand(id: string | undefined): Brand {
  return id === 'mailbridge' ? brands.mailbridge : brands.shipbox;
}
