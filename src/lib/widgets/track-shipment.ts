/** The track-shipment tool (spec 2 §5: track only if a waybill number is entered). */
import { checked, type Checked } from './validation.ts';

/** Longer than any air waybill number; stops a pasted paragraph from becoming a URL. */
export const MAX_AWB_LENGTH = 40;

export interface TrackFormValues {
  awbNumber: string;
}

export function validateTracking(form: TrackFormValues): Checked<TrackFormValues, keyof TrackFormValues> {
  const awbNumber = form.awbNumber.trim();
  const errors: Partial<Record<keyof TrackFormValues, string>> = {};
  if (awbNumber === '') errors.awbNumber = 'validation.awbRequired';
  else if (awbNumber.length > MAX_AWB_LENGTH) errors.awbNumber = 'validation.tooLong';
  return checked(errors, () => ({ awbNumber }));
}
