/**
 * A request (spec 1 §2.1 account/request/edit/:id, §4.3, §5): its reference, category and status; the
 * description can be changed and the case closed. A closed request (status 3) shows closeCase checked and
 * nothing can be changed. Files can be added one at a time. A missing request shows the not-found state; any
 * other load failure is announced with errors.500. Nothing is sent while the form is untouched or invalid.
 */
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import {
  CLOSED_STATUS,
  REQUEST_ATTACHMENTS_MAX,
  attachRequestFiles,
  getRequest,
  saveRequest,
  type CustomerRequest,
} from '../../lib/api/account-home/contract.ts';
import { call, urlOf } from '../../lib/api/call.ts';
import { refetch, setAnswer } from '../../lib/api/query.ts';
import { $request, showRequest } from '../../lib/account-home/queries.ts';
import { requestStatusName } from '../../lib/account-home/request-status.ts';
import { downloadUpload } from '../../lib/api/customers/contract.ts';
import { UPLOAD_PURPOSE } from '../../lib/api/uploads/contract.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { fileProblemKey, fileProblems } from '../../lib/uploads/file-rules.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { $session } from '../../lib/session/session-store.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { CheckboxField } from '../ui/CheckboxField.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { island } from '../ui/Island.tsx';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { NotFoundState } from './NotFoundState.tsx';
import { TextAreaField } from './TextAreaField.tsx';
import { AttachmentField } from './AttachmentField.tsx';
import { editRequestFormSchema, type EditRequestForm } from '../../lib/account-home/request-forms.ts';
import { dateFormat } from '../../i18n/intl-formats.ts';
import { routeParams } from './page-params.ts';

interface Props {
  lang: Lang;
  brandSlug: string;
}

/** Request ids are positive integers. */
function requestIdOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

const errorKey = (error: unknown) => (error instanceof ApiError ? error.messageKey : 'errors.500');

function Details({ t, lang, request }: { t: TFunction; lang: Lang; request: CustomerRequest }) {
  return (
    <dl className="summary-list">
      <div>
        <dt>{t('request.label.caseReference')}</dt>
        <dd>{request.caseReference}</dd>
      </div>
      <div>
        <dt>{t('request.label.category')}</dt>
        <dd>{t(`request.category.${request.categoryId}`)}</dd>
      </div>
      <div>
        <dt>{t('request.label.subject')}</dt>
        <dd>
          <bdi>{request.subject}</bdi>
        </dd>
      </div>
      {request.externalString && (
        <div>
          <dt>{t('request.label.awb')}</dt>
          <dd>{request.externalString}</dd>
        </div>
      )}
      <div>
        <dt>{t('request.label.created')}</dt>
        <dd>
          <time dateTime={request.createdAt}>
            {dateFormat(lang, { dateStyle: 'long' }).format(new Date(request.createdAt))}
          </time>
        </dd>
      </div>
      <div>
        <dt>{t('request.label.status')}</dt>
        <dd data-testid="request-status">{requestStatusName(t, request)}</dd>
      </div>
    </dl>
  );
}

function Attachments({
  t,
  guid,
  request,
  closed,
  onAttached,
}: {
  t: TFunction;
  guid: string;
  request: CustomerRequest;
  closed: boolean;
  onAttached: (request: CustomerRequest) => void;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const check = (chosen: readonly File[]) => {
    const [first] = fileProblems(chosen, { required: true });
    setProblem(first ? fileProblemKey(first) : null);
    return !first;
  };

  const send = async () => {
    if (busy || !check(files)) return;
    setBusy(true);
    try {
      const updated = await call(attachRequestFiles, { params: { guid, id: request.id }, body: files });
      onAttached(updated);
      setFiles([]);
      if (input.current) input.current.value = '';
      notify('success', 'request.attachments.added');
    } catch (error) {
      setProblem(errorKey(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="detail-page-section" aria-labelledby="request-attachments-title">
      <h2 id="request-attachments-title">{t('request.attachments.heading')}</h2>
      {request.attachments.length === 0 ? (
        <p>{t('request.attachments.none')}</p>
      ) : (
        <ul className="attachment-list">
          {request.attachments.map((a) => (
            <li key={a.id}>
              <a
                href={urlOf(downloadUpload, {
                  params: { guid, purpose: UPLOAD_PURPOSE.requestAttachment, uploadId: a.id },
                })}
                dir="auto"
              >
                {a.name}
              </a>{' '}
              <span className="detail-page-meta">
                ({t('request.attachments.size', { size: Math.max(1, Math.round(a.size / 1024)) })})
              </span>
            </li>
          ))}
        </ul>
      )}
      {!closed && request.attachments.length >= REQUEST_ATTACHMENTS_MAX && (
        <p>{t('validation.fileQueueLimit', { count: REQUEST_ATTACHMENTS_MAX })}</p>
      )}
      {!closed && request.attachments.length < REQUEST_ATTACHMENTS_MAX && (
        <form
          className="attachment-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
          aria-label={t('request.attachments.add')}
        >
          <AttachmentField
            t={t}
            label={t('request.attachments.file')}
            problem={problem}
            chosen={files[0]}
            inputRef={input}
            limit={REQUEST_ATTACHMENTS_MAX}
            onChoose={(chosen) => {
              setFiles(chosen);
              if (chosen.length > 0) check(chosen);
              else setProblem(null);
            }}
          />
          <div>
            <SubmitButton busy={busy} label={t('request.attachments.submit')} busyLabel={t('common.working')} />
          </div>
        </form>
      )}
    </section>
  );
}

function EditForm({
  t,
  guid,
  request,
  onSaved,
}: {
  t: TFunction;
  guid: string;
  request: CustomerRequest;
  onSaved: (request: CustomerRequest) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, reset, formState } = useForm<EditRequestForm>({
    resolver: zodResolver(editRequestFormSchema),
    defaultValues: { description: request.description, closeCase: request.closeCase },
  });
  const { isDirty, isSubmitting, errors } = formState;

  const save = async (form: EditRequestForm) => {
    setFailure(null);
    try {
      const saved = await call(saveRequest, {
        params: { guid },
        body: {
          id: request.id,
          categoryId: request.categoryId,
          subCategory: request.subCategory,
          subject: request.subject,
          description: form.description,
          externalString: request.externalString,
          closeCase: form.closeCase,
        },
      });
      reset({ description: saved.description, closeCase: saved.closeCase });
      onSaved(saved);
      notify('success', 'request.saved');
    } catch (error) {
      setFailure(errorKey(error));
    }
  };
  const submit = handleSubmit(save);

  return (
    <form
      className="detail-page-section request-edit-form"
      noValidate
      aria-label={t('request.save')}
      onSubmit={(event) => {
        event.preventDefault();
        // Spec 1 §5: an untouched form does nothing.
        if (!isDirty) return;
        void submit(event);
      }}
    >
      {failure && (
        <FormAlert>
          <p>{t(failure)}</p>
        </FormAlert>
      )}
      <TextAreaField
        t={t}
        label={t('request.field.description')}
        maxLength={4000}
        registration={register('description')}
        error={errors.description?.message}
      />
      <CheckboxField t={t} label={t('request.field.closeCase')} registration={register('closeCase')} />
      <div>
        <SubmitButton busy={isSubmitting} label={t('request.save')} busyLabel={t('common.working')} />
      </div>
    </form>
  );
}

/** A closed request: what it said, and closeCase checked; nothing can change. */
function ClosedForm({ t, request }: { t: TFunction; request: CustomerRequest }) {
  return (
    <div className="detail-page-section request-closed">
      <p className="form-alert form-alert-warning">{t('request.closed')}</p>
      <div className="field">
        <label htmlFor="closed-request-description">{t('request.field.description')}</label>
        <textarea id="closed-request-description" dir="auto" rows={6} readOnly value={request.description} />
      </div>
      <div className="field field-check">
        <input id="closed-request-close-case" type="checkbox" checked disabled readOnly />
        <label htmlFor="closed-request-close-case">{t('request.field.closeCase')}</label>
      </div>
    </div>
  );
}

function EditRequestView({ lang, brandSlug }: Props) {
  const t = useTranslator(lang, 'requests', 'uploads');
  const user = useStore($session);
  const [id] = useState(() => requestIdOf(routeParams(brandSlug, ['account.edit-request'])?.id));
  const { data: request, error } = useStore($request);
  const requestsTab = buildUrl(lang, 'account-home', brandSlug, {}, { tab: 'requests' });
  const notFound = id === null || error?.status === 404;
  const failure = error && !notFound ? errorKey(error) : null;

  useEffect(() => showRequest(id), [id]);

  // A failure other than a missing request is announced once; the page says so too, with a retry.
  useEffect(() => {
    if (failure) notify('danger', failure);
  }, [failure]);

  if (!user) return null;

  if (notFound) {
    return (
      <NotFoundState
        heading={t('request.notFound.heading')}
        text={t('request.notFound.text')}
        backHref={requestsTab}
        backLabel={t('request.back')}
      />
    );
  }

  if (!request) {
    return (
      <section className="form-card form-card-wide detail-page" aria-busy={!failure}>
        <LoadStatus
          t={t}
          loading={!failure}
          error={failure ? 'errors.500' : null}
          onRetry={() => refetch(getRequest)}
        />
        <p className="form-links">
          <a href={requestsTab}>{t('request.back')}</a>
        </p>
      </section>
    );
  }

  const closed = request.status === CLOSED_STATUS;
  // Saving and attaching answer the request as it is now.
  const update = (next: CustomerRequest) => setAnswer(getRequest, next);

  return (
    <article className="form-card form-card-wide detail-page" aria-labelledby="request-title">
      <p className="detail-page-back">
        <a href={requestsTab}>{t('request.back')}</a>
      </p>
      <h1 id="request-title">{t('request.edit.heading', { ref: request.caseReference })}</h1>
      <Details t={t} lang={lang} request={request} />
      {closed ? (
        <ClosedForm t={t} request={request} />
      ) : (
        <EditForm t={t} guid={user.guid} request={request} onSaved={update} />
      )}
      <Attachments t={t} guid={user.guid} request={request} closed={closed} onAttached={update} />
    </article>
  );
}

export default island(EditRequestView);
