/**
 * One account message (spec 1 §2.1 account/message/:id, §2.3; spec 2 §8): the id must be a GUID, otherwise
 * the message is not loaded (the failure is logged) and the page says it was not found. Reading it marks it
 * read on the server. It can be deleted after a confirmation; then the customer goes back to the messages tab.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { z } from '../../lib/zod.ts';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../i18n/use-translator.ts';
import { deleteMessage, getMessage } from '../../lib/api/account-home/account-home.ts';
import type { Message } from '../../lib/api/account-home/contract.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { notify, notifyOnNextPage } from '../../lib/notifications/notifications.ts';
import { $session } from '../../lib/session/session-store.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { ConfirmDialog } from '../forms/ConfirmDialog.tsx';
import { island } from '../forms/Island.tsx';
import { NotFoundState } from './NotFoundState.tsx';
import { dateFormat, routeParams } from './page-params.ts';

interface Props {
  lang: Lang;
  brandSlug: string;
}

/** Message ids are GUIDs, as the contract and the API read them. */
const isGuid = (value: string) => z.uuid().safeParse(value).success;

type State =
  { kind: 'loading' } | { kind: 'not-found' } | { kind: 'failed'; key: string } | { kind: 'shown'; message: Message };

function MessageView({ lang, brandSlug }: Props) {
  const t = useTranslator(lang, 'requests');
  const user = useStore($session);
  const guid = user?.guid;
  const [id] = useState(() => routeParams(brandSlug, ['account.message'])?.id ?? '');
  const valid = isGuid(id);
  const [state, setState] = useState<State>(valid ? { kind: 'loading' } : { kind: 'not-found' });
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const messagesTab = buildUrl(lang, 'account-home', brandSlug, {}, { tab: 'messages' });

  useEffect(() => {
    if (!valid) console.error(`Message id is not a GUID: ${JSON.stringify(id)}`);
  }, [valid, id]);

  useEffect(() => {
    if (!valid || !guid) return;
    let live = true;
    getMessage(guid, id)
      .then((message) => live && setState({ kind: 'shown', message }))
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 404) {
          setState({ kind: 'not-found' });
          return;
        }
        const key = error instanceof ApiError ? error.messageKey : 'errors.500';
        notify('danger', key);
        setState({ kind: 'failed', key });
      });
    return () => {
      live = false;
    };
  }, [valid, guid, id]);

  if (!user) return null;

  if (state.kind === 'not-found') {
    return (
      <NotFoundState
        heading={t('message.notFound.heading')}
        text={t('message.notFound.text')}
        backHref={messagesTab}
        backLabel={t('message.back')}
      />
    );
  }

  if (state.kind !== 'shown') {
    return (
      <section className="form-card form-card-wide detail-page" aria-busy={state.kind === 'loading'}>
        <p role={state.kind === 'loading' ? 'status' : undefined}>
          {state.kind === 'loading' ? t('common.loading') : t('message.loadFailed')}
        </p>
        <p className="form-links">
          <a href={messagesTab}>{t('message.back')}</a>
        </p>
      </section>
    );
  }

  const { message } = state;
  const remove = async () => {
    setConfirming(false);
    setDeleting(true);
    try {
      await deleteMessage(user.guid, message.guid);
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
