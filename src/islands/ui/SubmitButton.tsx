interface Props {
  label: string;
  /** What the button says while the form is being sent. */
  busyLabel: string;
  busy: boolean;
}

/** A form's submit button; disabled while sending, so a double submit sends once. */
export function SubmitButton({ label, busyLabel, busy }: Props) {
  return (
    <button type="submit" className="button" disabled={busy} aria-busy={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
