import type { ReactNode } from 'react';

interface Props {
  tone?: 'danger' | 'warning';
  children: ReactNode;
}

/** A form-level message, announced when it appears. */
export function FormAlert({ tone = 'danger', children }: Props) {
  return (
    <div className={`form-alert form-alert-${tone}`} role="alert">
      {children}
    </div>
  );
}
