/**
 * Claim packages (spec 1 §2.3, §4.4, §5): choose the origin address, say whether there is a tracking number,
 * search, describe, attach a file and submit. The process (and so the claim's subCategory) follows the table
 * in src/lib/account-home/claim-process.ts. A package that can't be claimed (claimed already by the customer or
 * by someone, or in no state of the table) says so.
 */
import { useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { dateFormat } from '../../i18n/intl-formats.ts';
import {
  CLAIM_EXISTS,
  attachRequestFiles,
  findClaimPackage,
  getClaimCases,
  saveRequest,
  updatePackageStatus,
  type Address,
  type ClaimPackage,
  type CustomerRequest,
} from '../../lib/api/account-home/contract.ts';
import { call } from '../../lib/api/call.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { refetch } from '../../lib/api/query.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { $claimCases } from '../../lib/account-home/home-queries.ts';
import { requestStatusName } from '../../lib/account-home/request-status.ts';
import {
  CLAIM_SUBMITTED,
  claimNeedsFile,
  claimProcess,
  foundOutcome,
  type ClaimDecision,
  type FoundOutcome,
} from '../../lib/account-home/claim-process.ts';
import { ALLOWED_EXTENSIONS, fileProblemKey, fileProblems } from '../../lib/uploads/file-rules.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';

interface Props {
  t: TFunction;
  lang: Lang;
  brandSlug: string;
  guid: string;
  addresses: Address[];
}

type Blocked = Exclude<FoundOutcome, { kind: 'process' }>;

const ACCEPT = ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(',');

export function ClaimTab({ t, lang, brandSlug, guid, addresses }: Props) {
  const id = useId();
  // Asked when the tab first shows, and again once a claim is filed; without them the form still works.
  const cases = useStore($claimCases).data ?? [];
  const [addressId, setAddressId] = useState('');
  const [hasNumber, setHasNumber] = useState<'' | 'yes' | 'no'>('');
  const [number, setNumber] = useState('');
  const [found, setFound] = useState<ClaimPackage | null>(null);
  const [decision, setDecision] = useState<ClaimDecision | null>(null);
  /** The package found can't be claimed, and why. */
  const [blocked, setBlocked] = useState<Blocked | null>(null);
  const [searching, setSearching] = useState(false);
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [filed, setFiled] = useState<CustomerRequest | null>(null);
  const address = addresses.find((a) => String(a.id) === addressId);

  const reset = () => {
    setFound(null);
    setDecision(null);
    setBlocked(null);
    setProblems({});
    setFailure(null);
  };

  const chooseNumber = (value: 'yes' | 'no') => {
    setHasNumber(value);
    reset();
    if (value === 'no') setDecision(claimProcess({ kind: 'no-tracking-number' }));
  };

  const search = async () => {
    reset();
    const missing: Record<string, string> = {};
    if (!address) missing.address = 'validation.required';
    if (number.trim() === '') missing.number = 'validation.awbRequired';
    if (Object.keys(missing).length > 0) {
      setProblems(missing);
      return;
    }
    if (!address || searching) return;
    setSearching(true);
    try {
      const result = await call(findClaimPackage, {
        params: { originEntity: address.entity, fawb: number.trim() },
      });
      setFound(result);
      const outcome = foundOutcome({ ...result.package, isUserOwner: result.isUserOwner, ownClaim: result.ownClaim });
      if (outcome.kind === 'process') setDecision(outcome.decision);
      else setBlocked(outcome);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setDecision(claimProcess({ kind: 'not-found' }));
      else setFailure(error instanceof ApiError ? error.messageKey : 'errors.500');
    } finally {
      setSearching(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!decision?.subCategory || busy) return;
    const needsFile = claimNeedsFile(decision.process);
    const missing: Record<string, string> = {};
    if (!address) missing.address = 'validation.required';
    if (needsFile && description.trim() === '') missing.description = 'validation.required';
    const [fileProblem] = fileProblems(files, { required: needsFile });
    if (fileProblem) missing.file = fileProblemKey(fileProblem);
    setProblems(missing);
    if (Object.keys(missing).length > 0 || !address) return;
    setBusy(true);
    setFailure(null);
    try {
      const pkg = found?.package;
      const request = await call(saveRequest, {
        params: { guid },
        body: {
          categoryId: 830,
          subCategory: decision.subCategory,
          subject: t(`claim.subCategory.${decision.subCategory}`),
          description: description.trim() || t(`claim.subCategory.${decision.subCategory}`),
          externalString: pkg?.awb ?? (number.trim() || null),
          claim: {
            Package: {
              ForeignAWB: pkg?.foreignAwb ?? (number.trim() || null),
              AWB: pkg?.awb ?? null,
              OriginEntity: address.entity,
              DestinationCity: pkg?.destinationCity ?? null,
            },
            Address: { MailboxNumber: address.mailBoxCustomerNumber },
          },
        },
      });
      const withFiles =
        files.length > 0 ? await call(attachRequestFiles, { params: { guid, id: request.id }, body: files }) : request;
      if (decision.subCategory === 8198 && pkg) {
        await call(updatePackageStatus, {
          params: { packageId: pkg.id, mailboxid: address.mailBoxCustomerNumber },
        });
      }
      setFiled(withFiles);
      refetch(getClaimCases);
      setDecision({ process: CLAIM_SUBMITTED, subCategory: null });
    } catch (error) {
      // Filed already (another tab, or since the search): nothing new to send.
      if (error instanceof ApiError && error.code === CLAIM_EXISTS) setFailure('claim.exists');
      else setFailure(error instanceof ApiError ? error.messageKey : 'errors.500');
    } finally {
      setBusy(false);
    }
  };

  const date = dateFormat(lang, { dateStyle: 'medium' });
  const errorOf = (field: string) => problems[field];

  if (filed && decision?.process === CLAIM_SUBMITTED) {
    return (
      <div className="tab-body">
        <div className="notice notice-info" role="status">
          <p>{t('claim.filed', { reference: filed.caseReference })}</p>
        </div>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setFiled(null);
            setHasNumber('');
            setNumber('');
            setDescription('');
            setFiles([]);
            reset();
          }}
        >
          {t('claim.another')}
        </button>
      </div>
    );
  }

  return (
    <div className="tab-body">
      {cases.length > 0 && (
        <section aria-labelledby={`${id}-cases`}>
          <h3 id={`${id}-cases`}>{t('claim.cases')}</h3>
          <ul className="card-list">
            {cases.map((c) => (
              <li key={c.id} className="card">
                <span>
                  {c.caseReference}: <bdi>{c.subject}</bdi>
                </span>
                <span className="muted">
                  {requestStatusName(t, c)} · {date.format(new Date(c.createdAt))}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <form className="claim-form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`}>{t('claim.heading')}</h3>
        {failure && (
          <FormAlert>
            <p>{t(failure)}</p>
          </FormAlert>
        )}
        <div className="field">
          <label htmlFor={`${id}-address`}>{t('claim.origin')}</label>
          <select
            id={`${id}-address`}
            value={addressId}
            aria-invalid={errorOf('address') ? true : undefined}
            aria-describedby={errorOf('address') ? `${id}-address-error` : undefined}
            onChange={(e) => {
              setAddressId(e.currentTarget.value);
              reset();
            }}
          >
            <option value="">{t('claim.chooseOrigin')}</option>
            {addresses.map((a) => (
              <option key={a.id} value={String(a.id)}>
                {a.alias} ({a.entity})
              </option>
            ))}
          </select>
          {errorOf('address') && (
            <p className="field-error" id={`${id}-address-error`}>
              {t(errorOf('address') ?? '')}
            </p>
          )}
        </div>
        <fieldset className="field">
          <legend>{t('claim.hasNumber')}</legend>
          <label className="inline-choice">
            <input type="radio" name={`${id}-has`} checked={hasNumber === 'yes'} onChange={() => chooseNumber('yes')} />
            {t('common.yes')}
          </label>
          <label className="inline-choice">
            <input type="radio" name={`${id}-has`} checked={hasNumber === 'no'} onChange={() => chooseNumber('no')} />
            {t('common.no')}
          </label>
        </fieldset>
        {hasNumber === 'yes' && (
          <div className="field">
            <label htmlFor={`${id}-number`}>{t('claim.number')}</label>
            <div className="inline-row">
              <input
                id={`${id}-number`}
                dir="ltr"
                value={number}
                aria-invalid={errorOf('number') ? true : undefined}
                aria-describedby={errorOf('number') ? `${id}-number-error` : undefined}
                onChange={(e) => {
                  setNumber(e.currentTarget.value);
                  reset();
                }}
              />
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void search()}
                disabled={searching}
              >
                {t('claim.search')}
              </button>
            </div>
            {errorOf('number') && (
              <p className="field-error" id={`${id}-number-error`}>
                {t(errorOf('number') ?? '')}
              </p>
            )}
          </div>
        )}
        {decision && (
          <div className="notice notice-info" role="status" data-claim-process={decision.process}>
            <p>{t(`claim.process.${decision.process}`)}</p>
          </div>
        )}
        {blocked && (
          <div className="notice notice-warning" role="status" data-claim-blocked={blocked.kind}>
            <p>
              {blocked.kind === 'claimedByYou'
                ? t('claim.blocked.claimedByYou', { reference: blocked.caseReference })
                : t(`claim.blocked.${blocked.kind}`)}
            </p>
            {blocked.kind !== 'claimedByYou' && (
              <p>
                <a href={buildUrl(lang, 'help.contact-us', brandSlug)}>{t('claim.blocked.contact')}</a>
              </p>
            )}
          </div>
        )}
        {decision?.subCategory && (
          <>
            <div className="field">
              <label htmlFor={`${id}-description`}>
                {t(claimNeedsFile(decision.process) ? 'claim.description' : 'claim.descriptionOptional')}
              </label>
              <textarea
                id={`${id}-description`}
                rows={4}
                value={description}
                aria-invalid={errorOf('description') ? true : undefined}
                aria-describedby={errorOf('description') ? `${id}-description-error` : undefined}
                onChange={(e) => setDescription(e.currentTarget.value)}
              />
              {errorOf('description') && (
                <p className="field-error" id={`${id}-description-error`}>
                  {t(errorOf('description') ?? '')}
                </p>
              )}
            </div>
            <div className="field">
              <label htmlFor={`${id}-file`}>
                {t(claimNeedsFile(decision.process) ? 'claim.file' : 'claim.fileOptional')}
              </label>
              <input
                id={`${id}-file`}
                type="file"
                accept={ACCEPT}
                aria-invalid={errorOf('file') ? true : undefined}
                aria-describedby={`${id}-file-hint${errorOf('file') ? ` ${id}-file-error` : ''}`}
                onChange={(e) => {
                  const chosen = e.currentTarget.files ? [...e.currentTarget.files] : [];
                  setFiles(chosen);
                  const [p] = fileProblems(chosen, { required: false });
                  setProblems({ ...problems, file: p ? fileProblemKey(p) : '' });
                }}
              />
              <p className="field-hint" id={`${id}-file-hint`}>
                {t('upload.hint')}
              </p>
              {errorOf('file') && (
                <p className="field-error" id={`${id}-file-error`}>
                  {t(errorOf('file') ?? '', { count: 1 })}
                </p>
              )}
            </div>
            <SubmitButton busy={busy} label={t('claim.submit')} busyLabel={t('common.working')} />
          </>
        )}
      </form>
    </div>
  );
}
