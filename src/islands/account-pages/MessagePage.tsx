/**
 * One account message (spec 1 §2.1 account/message/:id, §2.3; spec 2 §8): the id must be a GUID, otherwise
 * the message is not loaded (the failure is logged) and the page says it was not found. Reading it marks it
 * read on the server. It can be deleted after a confirmation; then the customer goes back to the messages tab.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { z } from '../../lib/zod.ts';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { deleteMessage, getMessage } from '../../lib/api/account-home/contract.ts';
import { call } from '../../lib/api/call.ts';
import { refetch } from '../../lib/api/query.ts';
import { $message, readAccountIn, showMessage } from '../../lib/account-home/queries.ts';
import { notify, notifyOnNextPage } from '../../lib/notifications/notifications.ts';
import { $session } from '../../lib/session/session-store.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { island } from '../ui/Island.tsx';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { NotFoundState } from './NotFoundState.tsx';
import { dateFormat } from '../../i18n/intl-formats.ts';
import { routeParams } from './page-params.ts';

interface Props {
  lang: Lang;
  brandSlug: string;
}

/** Message ids are GUIDs, as the contract and the API read them. */
const isGuid = (value: string) => z.uuid().safeParse(value).success;

function MessageView({ lang, brandSlug }: Props) {
  const t = useTranslator(lang, 'requests');
  const user = useStore($session);
  const [id] = useState(() => routeParams(brandSlug, ['account.message'])?.id ?? '');
  const valid = isGuid(id);
  const { data: message, error } = useStore($message);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const messagesTab = buildUrl(lang, 'account-home', brandSlug, {}, { tab: 'messages' });
  const notFound = !valid || error?.status === 404;
  const failure = error && !notFound ? error.messageKey : null;

  useEffect(() => {
    if (!valid) console.error(`Message id is not a GUID: ${JSON.stringify(id)}`);
    readAccountIn(lang);
    showMessage(valid ? id : null);
  }, [valid, id, lang]);

  useEffect(() => {
    if (failure) notify('danger', failure);
  }, [failure]);

  if (!user) return null;

  if (notFound) {
    return (
      <NotFoundState
        heading={t('message.notFound.heading')}
        text={t('message.notFound.text')}
        backHref={messagesTab}
        backLabel={t('message.back')}
      />
    );
  }

  if (!message) {
    return (
      <section className="form-card form-card-wide detail-page" aria-busy={!failure}>
        <LoadStatus
          t={t}
          loading={!failure}
          error={failure ? 'message.loadFailed' : null}
          onRetry={() => refetch(getMessage)}
        />
        <p className="form-links">
          <a href={messagesTab}>{t('message.back')}</a>
        </p>
      </section>
    );
  }

  const remove = async () => {
    setConfirming(false);
    setDeleting(true);
    try {
      await call(deleteMessage, { params: { guid: user.guid, messageGuid: message.guid } });
      notifyOnNextPage('success', 'notifications.successDeletingMsg');
      location.assign(messagesTab);
    } catch {
      notify('danger', 'errors.couldNotDelete');
      setDeleting(false);
    }
  };

  return (
    <article className="form-card form-card-wide detail-page message-page" aria-labelledby="message-subject">
      <p className="detail-page-back">
        <a href={messagesTab}>{t('message.back')}</a>
      </p>
      <h1 id="message-subject">{message.subject}</h1>
      <p className="detail-page-meta">
        {t('message.received')}:{' '}
        <time dateTime={message.createdAt}>
          {dateFormat(lang, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(message.createdAt))}
        </time>
      </p>
      <div className="message-body" dir="auto">
        {message.body}
      </div>
      <div className="detail-page-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={deleting}
          aria-busy={deleting}
          onClick={() => setConfirming(true)}
        >
          {deleting ? t('common.working') : t('message.delete')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('message.deleteConfirm.title')}
        message={t('message.deleteConfirm.text')}
        confirmLabel={t('message.deleteConfirm.confirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </article>
  );
}

export default island(MessageView);
