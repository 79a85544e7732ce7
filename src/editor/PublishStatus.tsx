/**
 * The publish's progress, in a status region at the editor's bottom right corner, clear of Decap's toolbar, its
 * notices and the fields being written (it sits over the preview, or the second language's last fields): publishing,
 * published, or what stopped it, each problem naming its file and field, with the end of the build's output where
 * there is one. A finished publish can be asked for again and its status closed; news of a publish that went
 * through closes by itself after a few seconds.
 */
import { useEffect, useSyncExternalStore, type CSSProperties } from 'react';
import type { TFunction } from 'i18next';
import { dirOf, type Lang } from '../i18n/languages.ts';
import type { Publishing } from './publishing.ts';

// The editor's page has no stylesheet of the site: the region carries its own look, close to Decap's.
const REGION: CSSProperties = {
  position: 'fixed',
  // Decap lays its page out left to right in every language: the end of its line is the right edge.
  insetInlineEnd: '1rem',
  insetBlockEnd: '1rem',
  zIndex: 400,
  maxWidth: 'min(28rem, calc(100vw - 2rem))',
  font: '14px/1.45 system-ui, sans-serif',
  color: '#313d3e',
};
const PANEL: CSSProperties = {
  padding: '0.75rem 1rem',
  borderRadius: '6px',
  background: '#fff',
  boxShadow: '0 2px 10px rgba(68, 74, 87, 0.25)',
  borderInlineStart: '4px solid',
};
const COLOURS = { running: '#3a69c7', published: '#005614', failed: '#d60032' } as const;
const BUTTON: CSSProperties = {
  marginBlockStart: '0.5rem',
  marginInlineEnd: '0.5rem',
  padding: '0.35rem 0.75rem',
  border: '1px solid #3a69c7',
  borderRadius: '5px',
  background: '#fff',
  color: '#3a69c7',
  font: 'inherit',
  cursor: 'pointer',
};

interface Props {
  publishing: Publishing;
  t: TFunction;
  lang: Lang;
}

/** How long the news of a publish that went through stays in view. */
const PUBLISHED_SHOWN_MS = 10_000;

export function PublishStatus({ publishing, t, lang }: Props) {
  const view = useSyncExternalStore(publishing.subscribe, publishing.view);
  useEffect(() => {
    if (view.phase !== 'status' || view.status.state !== 'published') return;
    const timer = setTimeout(() => {
      if (publishing.view() === view) publishing.dismiss();
    }, PUBLISHED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [publishing, view]);
  const status = view.phase === 'status' ? view.status : null;
  const shown = view.phase === 'unreachable' || (status !== null && status.state !== 'idle');
  const running = status?.state === 'checking' || status?.state === 'building';
  const colour = running ? COLOURS.running : status?.state === 'published' ? COLOURS.published : COLOURS.failed;
  // The live region stays in the page, so that what appears in it is read out; the buttons are outside it.
  return (
    <div dir="ltr" style={REGION}>
      <div lang={lang} dir={dirOf(lang)} style={shown ? { ...PANEL, borderInlineStartColor: colour } : undefined}>
        <div role="status" aria-live="polite">
          {view.phase === 'unreachable' && <p style={{ margin: 0 }}>{t('editor.publish.unreachable')}</p>}
          {status?.state === 'checking' && <p style={{ margin: 0 }}>{t('editor.publish.checking')}</p>}
          {status?.state === 'building' && <p style={{ margin: 0 }}>{t('editor.publish.building')}</p>}
          {status?.state === 'published' && <p style={{ margin: 0 }}>{t('editor.publish.published')}</p>}
          {status?.state === 'failed' && (
            <>
              <p style={{ margin: 0, fontWeight: 600 }}>{t('editor.publish.failed')}</p>
              {status.problems.length > 0 && (
                <ul
                  style={{ margin: '0.5rem 0 0', paddingInlineStart: '1.25rem', maxHeight: '12rem', overflow: 'auto' }}
                >
                  {status.problems.map((problem) => (
                    <li key={problem} dir="auto" style={{ overflowWrap: 'anywhere' }}>
                      {problem}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
        {status?.state === 'failed' && status.log && (
          <details style={{ marginBlockStart: '0.5rem' }}>
            <summary style={{ cursor: 'pointer' }}>{t('editor.publish.log')}</summary>
            <pre dir="ltr" style={{ maxHeight: '12rem', overflow: 'auto', whiteSpace: 'pre-wrap', fontSize: '12px' }}>
              {status.log}
            </pre>
          </details>
        )}
        {shown && !running && (
          <div>
            <button type="button" style={BUTTON} onClick={() => void publishing.publish()}>
              {t('editor.publish.again')}
            </button>
            <button type="button" style={BUTTON} onClick={() => publishing.dismiss()}>
              {t('editor.publish.close')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
