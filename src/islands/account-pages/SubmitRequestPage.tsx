/**
 * Submit a request (spec 1 §2.1 account/request/submit?categoryId&shipmentAwb, §3 request, §5): category (any
 * of spec 1 §3's six), subject, description, the shipment's waybill for inquiries and claims (a claim needs it),
 * and one attachment, required for the categories that need it. Nothing is sent while the form is untouched or
 * invalid. The request is saved, then its file attached; then the customer goes to the requests tab (or back to
 * the shipment). On a failure nothing typed is lost, and a request already created is not created twice.
 */
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import {
  CLAIM_EXISTS,
  REQUEST_CATEGORIES,
  attachRequestFiles,
  saveRequest,
  type CustomerRequest,
} from '../../lib/api/account-home/contract.ts';
import { call } from '../../lib/api/call.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { awbNumberSchema } from '../../lib/api/tracking/contract.ts';
import { fileProblemKey, fileProblems } from '../../lib/uploads/file-rules.ts';
import { notifyOnNextPage } from '../../lib/notifications/notifications.ts';
import { $session } from '../../lib/session/session-store.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { TextField } from '../ui/TextField.tsx';
import { SelectField } from '../ui/SelectField.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { island } from '../ui/Island.tsx';
import { TextAreaField } from './TextAreaField.tsx';
import { AttachmentField } from './AttachmentField.tsx';
import {
  SUBMIT_CATEGORIES,
  asksForWaybill,
  needsAttachment,
  needsWaybill,
  submitCategoryOf,
  submitRequestFormSchema,
  type SubmitRequestForm,
} from '../../lib/account-home/request-forms.ts';

interface Props {
  lang: Lang;
  brandSlug: string;
}

const isFileProblem = (key: string) => key.startsWith('validation.file');

function SubmitRequestView({ lang, brandSlug }: Props) {
  const t = useTranslator(lang, 'requests', 'uploads');
  const user = useStore($session);
  const [query] = useState(() => new URLSearchParams(location.search));
  /** Sent from a shipment's tracking page: the customer goes back there. */
  const [shipmentAwb] = useState(() => {
    const awb = awbNumberSchema.safeParse(query.get('shipmentAwb'));
    return awb.success ? awb.data : null;
  });
  const [files, setFiles] = useState<File[]>([]);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** The request the server has created, when its file still has to be attached. */
  const [created, setCreated] = useState<CustomerRequest | null>(null);
  /** Sending a file on its own, or leaving for the requests tab. */
  const [busy, setBusy] = useState(false);
  const { register, handleSubmit, control, formState, setError } = useForm<SubmitRequestForm>({
    resolver: zodResolver(submitRequestFormSchema),
    defaultValues: {
      categoryId: String(submitCategoryOf(query.get('categoryId')) ?? ''),
      subject: '',
      description: '',
      waybill: query.get('shipmentAwb') ?? '',
    },
  });
  const category = submitCategoryOf(useWatch({ control, name: 'categoryId' }));
  const { isDirty, isSubmitting, errors } = formState;
  const requestsTab = buildUrl(lang, 'account-home', brandSlug, {}, { tab: 'requests' });
  const claimTab = buildUrl(lang, 'account-home', brandSlug, {}, { tab: 'claim' });
  const backTo = shipmentAwb ? buildUrl(lang, 'tracking', brandSlug, { awbNumber: shipmentAwb }) : requestsTab;

  if (!user) return null;

  const checkFile = (chosen: readonly File[], required: boolean): boolean => {
    const [problem] = fileProblems(chosen, { required });
    setFileProblem(problem ? fileProblemKey(problem) : null);
    return !problem;
  };

  const choose = (chosen: File[]) => {
    setFiles(chosen);
    // Say at once what is wrong with the file; "required" waits for the submit.
    if (chosen.length > 0) checkFile(chosen, false);
    else setFileProblem(null);
  };

  const fail = (error: unknown) => {
    // A claim the server can't take for that waybill number: no such shipment, or the customer's own; or one
    // the customer has an open claim of already.
    const waybillProblem =
      error instanceof ApiError && error.code === CLAIM_EXISTS
        ? 'request.error.claimExists'
        : error instanceof ApiError && error.fieldErrors.externalString
          ? 'request.error.claimWaybill'
          : null;
    if (waybillProblem) {
      setError('waybill', { message: waybillProblem }, { shouldFocus: true });
      return;
    }
    const key = error instanceof ApiError ? error.messageKey : 'errors.500';
    if (isFileProblem(key)) setFileProblem(key);
    else setFailure(key);
  };

  const done = () => {
    setBusy(true);
    notifyOnNextPage('success', 'notifications.requestSubmitted');
    location.assign(backTo);
  };

  /** The file of a request the server has created already. */
  const attach = async (request: CustomerRequest) => {
    if (files.length > 0) {
      const params = { guid: user.guid, id: request.id };
      await call(attachRequestFiles, { params, body: files });
    }
    done();
  };

  const send = async (form: SubmitRequestForm) => {
    const categoryId = submitCategoryOf(form.categoryId);
    if (categoryId === null || !checkFile(files, needsAttachment(categoryId))) return;
    setFailure(null);
    let request: CustomerRequest;
    try {
      request = await call(saveRequest, {
        params: { guid: user.guid },
        body: {
          categoryId,
          // A claim from this page names its shipment by waybill number (spec 1 §3: Claim Shipment 830).
          ...(categoryId === REQUEST_CATEGORIES.claim ? { subCategory: REQUEST_CATEGORIES.claim } : {}),
          subject: form.subject,
          description: form.description,
          externalString: asksForWaybill(categoryId) && form.waybill ? form.waybill : null,
        },
      });
    } catch (error) {
      fail(error);
      return;
    }
    try {
      await attach(request);
    } catch (error) {
      setCreated(request);
      fail(error);
    }
  };

  /** After the file was refused: only a new file is sent, to the request already created. */
  const retry = async (request: CustomerRequest) => {
    if (busy || !checkFile(files, needsAttachment(request.categoryId))) return;
    setBusy(true);
    setFailure(null);
    try {
      await attach(request);
    } catch (error) {
      fail(error);
      setBusy(false);
    }
  };

  const submit = handleSubmit(send, () => {
    // Point at the file too, so every problem shows at once.
    checkFile(files, needsAttachment(category));
  });

  return (
    <form
      className="form-card form-card-wide detail-page"
      noValidate
      aria-labelledby="submit-request-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (created) {
          void retry(created);
          return;
        }
        // Spec 1 §5: an untouched form does nothing.
        if (busy || (!isDirty && files.length === 0)) return;
        void submit(event);
      }}
    >
      <p className="detail-page-back">
        <a href={backTo}>{t(shipmentAwb ? 'request.backToShipment' : 'request.back')}</a>
      </p>
      <h1 id="submit-request-title">{t('request.submit.heading')}</h1>
      <p>{t('request.submit.intro')}</p>
      {failure && (
        <FormAlert>
          <p>{t(failure)}</p>
        </FormAlert>
      )}
      {created && (
        <FormAlert tone="warning">
          <p>{t('request.createdWithoutFile', { ref: created.caseReference })}</p>
          <p>
            <a href={requestsTab}>{t('request.back')}</a>
          </p>
        </FormAlert>
      )}
      <SelectField
        t={t}
        label={t('request.field.category')}
        placeholder={t('request.field.categoryPlaceholder')}
        options={SUBMIT_CATEGORIES.map((c) => ({ value: String(c), label: t(`request.category.${c}`) }))}
        registration={register('categoryId')}
        error={errors.categoryId?.message}
        disabled={created !== null}
      />
      <TextField
        t={t}
        label={t('request.field.subject')}
        maxLength={150}
        registration={register('subject')}
        error={errors.subject?.message}
        readOnly={created !== null}
      />
      <TextAreaField
        t={t}
        label={t('request.field.description')}
        maxLength={4000}
        registration={register('description')}
        error={errors.description?.message}
        readOnly={created !== null}
      />
      {asksForWaybill(category) && (
        <TextField
          t={t}
          label={t(needsWaybill(category) ? 'request.field.awbRequired' : 'request.field.awb')}
          maxLength={40}
          autoComplete="off"
          dir="ltr"
          registration={register('waybill')}
          error={errors.waybill?.message}
          hintId={needsWaybill(category) ? 'submit-request-claim-hint' : undefined}
          readOnly={created !== null}
        />
      )}
      {needsWaybill(category) && (
        <p className="field-hint" id="submit-request-claim-hint">
          {t('request.claimHint')} <a href={claimTab}>{t('request.claimTab')}</a>
        </p>
      )}
      <AttachmentField
        t={t}
        label={needsAttachment(category) ? t('request.field.attachment') : t('request.field.attachmentOptional')}
        problem={fileProblem}
        chosen={files[0]}
        onChoose={choose}
      />
      <SubmitButton busy={isSubmitting || busy} label={t('request.submit.button')} busyLabel={t('common.working')} />
    </form>
  );
}

export default island(SubmitRequestView);
