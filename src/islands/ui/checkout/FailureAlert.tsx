import { useEffect, useRef } from 'react';

interface Props {
  /** The message, already translated (a gateway's text is shown as it came). */
  message: string;
  /** Take the focus when it appears (a failed payment), not when a field will (a form problem). */
  focus: boolean;
}

/** A checkout failure, announced, and focused so the customer lands on it. */
export function FailureAlert({ message, focus }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [message, focus]);
  return (
    <div ref={ref} className="form-alert form-alert-danger" role="alert" tabIndex={-1}>
      <p dir="auto">{message}</p>
    </div>
  );
}
