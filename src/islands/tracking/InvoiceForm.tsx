/**
 * The invoice form (spec 1 §5, spec 2 §3 shipment invoice): the commodity's cost, whether there is an invoice,
 * up to five files, and the owner's confirmation, which is asked again whenever the choice or the files change.
 * Files are sorted out as they are chosen: those that would be refused, and any after the fifth, are left out at
 * once, named with the reason, and the rest are kept.
 * Files go first (api/tracking/{awb}/upload), then the form; after a failure nothing chosen or typed is lost, and
 * files already sent are not sent again. The files the shipment holds download from their links.
 */
import { useId, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { dateFormat } from '../../i18n/intl-formats.ts';
import {
  getInvoiceFile,
  saveInvoice,
  uploadInvoiceFiles,
  type OwnerTracking,
} from '../../lib/api/tracking/contract.ts';
import { call, urlOf } from '../../lib/api/call.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { ALLOWED_EXTENSIONS, INVOICE_QUEUE_LIMIT, fileProblemKey } from '../../lib/uploads/file-rules.ts';
import {
  agreementAfter,
  invoiceProblems,
  parseCost,
  pickInvoiceFiles,
  type InvoiceFilePick,
  type InvoiceFormState,
  type InvoiceProblem,
} from '../../lib/tracking/tracking-rules.ts';
import { isolate } from '../../lib/widgets/format.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';

const ACCEPT = ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(',');

interface Props {
  t: TFunction;
  lang: Lang;
  shipment: OwnerTracking;
  /** The form was sent: the shipment has changed. */
  onSaved: () => void;
}

const problemKey = (problem: InvoiceProblem) =>
  problem === 'cost'
    ? 'tracking.invoice.costInvalid'
    : problem === 'hasInvoice'
      ? 'validation.required'
      : problem === 'agreement'
        ? 'tracking.invoice.agreementRequired'
        : fileProblemKey(problem);

export function InvoiceForm({ t, lang, shipment, onSaved }: Props) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [form, setForm] = useState<InvoiceFormState>(() => ({
    cost: shipment.invoice ? String(shipment.invoice.cost) : '',
    hasInvoice: null,
    agreement: false,
    files: [],
  }));
  const [shown, setShown] = useState<InvoiceProblem[]>([]);
  /** The files of the last choice that were not kept, and why. */
  const [leftOut, setLeftOut] = useState<InvoiceFilePick<File>['leftOut']>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The files the server already holds from this form, so a retry sends only the form. */
  const sent = useRef<readonly unknown[] | null>(null);

  const change = (next: Partial<InvoiceFormState>) => {
    setForm((before) => {
      const after = { ...before, ...next };
      return { ...after, agreement: 'agreement' in next ? after.agreement : agreementAfter(before, after) };
    });
    setShown([]);
  };

  const chooseFiles = (input: HTMLInputElement) => {
    const { kept, leftOut: dropped } = pickInvoiceFiles(input.files ? [...input.files] : []);
    setLeftOut(dropped);
    change({ files: kept });
    // The field then holds what will be sent, so it counts the same files as the form.
    if (dropped.length > 0) {
      try {
        const transfer = new DataTransfer();
        for (const file of kept) transfer.items.add(file);
        input.files = transfer.files;
      } catch {
        // A browser that can't set a file list: the form still sends only the files kept.
      }
    }
  };

  const submit = async () => {
    if (busy) return;
    const problems = invoiceProblems(form);
    setShown(problems);
    if (problems.length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const params = { awb: shipment.awb };
      if (form.files.length > 0 && sent.current !== form.files) {
        await call(uploadInvoiceFiles, { params, body: form.files as File[] });
        sent.current = form.files;
      }
      const commodity = { cost: parseCost(form.cost)!, hasInvoice: form.hasInvoice === true, agreement: true as const };
      await call(saveInvoice, { params, body: { commodity } });
      notify('success', 'notifications.uploadInvoiceSuccess');
      sent.current = null;
      if (fileInput.current) fileInput.current.value = '';
      setForm((f) => ({ ...f, files: [], agreement: false }));
      setLeftOut([]);
      onSaved();
    } catch (error) {
      const key = error instanceof ApiError ? error.messageKey : 'errors.global';
      // File problems are the customer's to fix; anything else is the catalogue's global upload failure.
      setFailure(key.startsWith('validation.file') ? key : 'errors.global');
      notify('danger', 'errors.global');
    } finally {
      setBusy(false);
    }
  };

  const has = (p: InvoiceProblem) => shown.includes(p);
  const fileProblem = shown.find((p) => p.startsWith('file'));
  const errorOf = (p: InvoiceProblem | undefined, suffix: string) =>
    p ? (
      <p className="field-error" id={`${id}-${suffix}-error`}>
        {t(problemKey(p), { count: INVOICE_QUEUE_LIMIT })}
      </p>
    ) : null;

  return (
    <form
      className="tracking-section invoice-form"
      aria-labelledby={`${id}-heading`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${id}-heading`}>{t('tracking.invoice.heading')}</h2>
      <p>{t('tracking.invoice.intro', { currency: shipment.currency })}</p>
      {failure && (
        <FormAlert>
          <p>{t(failure, { count: INVOICE_QUEUE_LIMIT })}</p>
        </FormAlert>
      )}
      <div className="field">
        <label htmlFor={`${id}-cost`}>{t('tracking.invoice.cost', { currency: shipment.currency })}</label>
        <input
          id={`${id}-cost`}
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          value={form.cost}
          aria-invalid={has('cost') || undefined}
          aria-describedby={has('cost') ? `${id}-cost-error` : undefined}
          onChange={(e) => change({ cost: e.currentTarget.value })}
        />
        {errorOf(has('cost') ? 'cost' : undefined, 'cost')}
      </div>
      <fieldset
        className="field"
        aria-invalid={has('hasInvoice') || undefined}
        aria-describedby={has('hasInvoice') ? `${id}-has-error` : undefined}
      >
        <legend>{t('tracking.invoice.hasInvoice')}</legend>
        {([true, false] as const).map((value) => (
          <div className="field field-check" key={String(value)}>
            <input
              id={`${id}-has-${value}`}
              type="radio"
              name={`${id}-has`}
              checked={form.hasInvoice === value}
              onChange={() => change({ hasInvoice: value })}
            />
            <label htmlFor={`${id}-has-${value}`}>
              {t(value ? 'tracking.invoice.hasInvoiceYes' : 'tracking.invoice.hasInvoiceNo')}
            </label>
          </div>
        ))}
        {errorOf(has('hasInvoice') ? 'hasInvoice' : undefined, 'has')}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-files`}>
          {t(form.hasInvoice ? 'tracking.invoice.files' : 'tracking.invoice.filesOptional')}
        </label>
        <input
          ref={fileInput}
          id={`${id}-files`}
          type="file"
          multiple
          accept={ACCEPT}
          aria-invalid={fileProblem ? true : undefined}
          aria-describedby={[
            `${id}-files-hint`,
            leftOut.length > 0 ? `${id}-files-left-out` : null,
            fileProblem ? `${id}-files-error` : null,
          ]
            .filter(Boolean)
            .join(' ')}
          onChange={(e) => chooseFiles(e.currentTarget)}
        />
        <p className="field-hint" id={`${id}-files-hint`}>
          {t('tracking.invoice.filesHint', { count: INVOICE_QUEUE_LIMIT })}
        </p>
        {form.files.length > 0 && (
          <p className="field-hint" role="status">
            {t('tracking.invoice.chosen', { count: form.files.length })}
          </p>
        )}
        {leftOut.length > 0 && (
          <div className="notice notice-warning invoice-left-out" id={`${id}-files-left-out`} role="alert">
            <p>{t('tracking.invoice.leftOut', { count: leftOut.length })}</p>
            <ul>
              {leftOut.map(({ file, reason }, i) => (
                <li key={`${i}-${file.name}`}>
                  {t('tracking.invoice.leftOutFile', {
                    name: isolate(file.name),
                    reason: t(`tracking.invoice.leftOutReason.${reason}`, { limit: INVOICE_QUEUE_LIMIT }),
                  })}
                </li>
              ))}
            </ul>
          </div>
        )}
        {errorOf(fileProblem, 'files')}
      </div>
      <div className="field field-check">
        <input
          id={`${id}-agreement`}
          type="checkbox"
          checked={form.agreement}
          aria-invalid={has('agreement') || undefined}
          aria-describedby={has('agreement') ? `${id}-agreement-error` : undefined}
          onChange={(e) => change({ agreement: e.currentTarget.checked })}
        />
        <label htmlFor={`${id}-agreement`}>{t('tracking.invoice.agreement')}</label>
        {errorOf(has('agreement') ? 'agreement' : undefined, 'agreement')}
      </div>
      <SubmitButton busy={busy} label={t('tracking.invoice.submit')} busyLabel={t('common.working')} />
      {shipment.attachments.length > 0 && (
        <div className="invoice-files">
          <h3>{t('tracking.invoice.sentFiles')}</h3>
          <ul>
            {shipment.attachments.map((a) => (
              <li key={a.id}>
                <a href={urlOf(getInvoiceFile, { params: { awb: shipment.awb, uploadId: a.id } })} dir="auto">
                  {a.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {shipment.invoice && (
        <p className="field-hint">
          {t('tracking.invoice.lastSent', {
            date: dateFormat(lang, { dateStyle: 'medium' }).format(new Date(shipment.invoice.submittedAt)),
          })}
        </p>
      )}
    </form>
  );
}
