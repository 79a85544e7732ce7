/** Profile tab (spec 1 §2.3): notices for the ID upload, ID details and account closing, flex availability. */
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import type { CurrentUser } from '../../lib/session/current-user.ts';
import type { CustomerRequest } from '../../lib/api/account-home/contract.ts';
import { CLOSED_STATUS, REQUEST_CATEGORIES } from '../../lib/api/account-home/contract.ts';
import { $countryPlans } from '../../lib/account-home/home-queries.ts';
import { flexAvailable } from '../../lib/account-home/flex.ts';
import { regionName } from '../../lib/reference/region-names.ts';
import { buildUrl } from '../../lib/routes/paths.ts';

interface Props {
  t: TFunction;
  lang: Lang;
  brandSlug: string;
  user: CurrentUser;
  requests: CustomerRequest[];
}

export function ProfileTab({ t, lang, brandSlug, user, requests }: Props) {
  // Asked when the tab first shows; without an answer there is no flex notice.
  const { data: plans } = useStore($countryPlans);
  const flex = plans ? flexAvailable(plans.plans) : false;

  const url = (name: string) => buildUrl(lang, name, brandSlug);
  const closing = requests.some(
    (r) => r.categoryId === REQUEST_CATEGORIES.deactivateAccount && r.status !== CLOSED_STATUS,
  );
  return (
    <div className="tab-body">
      {user.id.mandatory && !user.id.uploaded && (
        <div className="notice notice-warning">
          <p>{t('profileTab.idUpload')}</p>
          <a href={url('signup.upload')}>{t('profileTab.idUploadLink')}</a>
        </div>
      )}
      {user.id.detailsMandatory && !user.id.detailsFilled && (
        <div className="notice notice-warning">
          <p>{t('profileTab.idDetails')}</p>
          <a href={url('account.edit-profile')}>{t('profileTab.idDetailsLink')}</a>
        </div>
      )}
      {closing && (
        <div className="notice notice-warning">
          <p>{t('profileTab.deactivating')}</p>
        </div>
      )}
      <dl className="summary-list">
        <div>
          <dt>{t('profile.firstName')}</dt>
          <dd>
            <bdi>{user.firstName}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('profile.lastName')}</dt>
          <dd>
            <bdi>{user.lastName}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('profile.email')}</dt>
          <dd dir="ltr">{user.email}</dd>
        </div>
        <div>
          <dt>{t('profile.country')}</dt>
          <dd>{regionName(user.countryCode, lang)}</dd>
        </div>
        <div>
          <dt>{t('signup.plan')}</dt>
          <dd>{t(`plan.name.${user.membershipPlan?.id ?? 1}`)}</dd>
        </div>
      </dl>
      <p className="form-links">
        <a href={url('account.edit-profile')}>{t('menu.profile')}</a>
        <a href={url('account.change-password')}>{t('menu.changePassword')}</a>
      </p>
      {flex && !user.hasFlex && (
        <div className="notice notice-info">
          <p>{t('profileTab.flex')}</p>
          <a className="button button-accent" href={url('about.flex')}>
            {t('menu.flexCta')}
          </a>
        </div>
      )}
    </div>
  );
}
