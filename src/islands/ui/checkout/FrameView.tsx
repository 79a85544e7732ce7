import { useEffect, useId, useRef } from 'react';
import type { TFunction } from 'i18next';

interface Props {
  t: TFunction;
  heading: string;
  intro: string;
  frameTitle: string;
  /** The provider's page, shown as it came in a sandboxed frame. */
  html: string;
  sandbox: string;
  /** The frame's window name (the card frame's return page posts its id to the parent when so named). */
  name?: string | undefined;
  onCancel: () => void;
}

/**
 * A provider step shown in place of the checkout (3-D Secure, the Peach card frame): a heading that takes the
 * focus, the provider's HTML in a titled, sandboxed frame, and Cancel.
 */
export function FrameView({ t, heading, intro, frameTitle, html, sandbox, name, onCancel }: Props) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="checkout-frame-view" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      <p>{intro}</p>
      <iframe className="checkout-frame" title={frameTitle} srcDoc={html} sandbox={sandbox} name={name} />
      <p className="form-links">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </p>
    </section>
  );
}
