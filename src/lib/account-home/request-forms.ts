/** The request forms (spec 1 §3 request, §4.3, §5); messages are translation keys. */
import { z } from '../zod.ts';
import {
  CATEGORIES_WITH_ATTACHMENT,
  REQUEST_CATEGORIES,
  requestCategorySchema,
  type RequestCategory,
} from '../api/account-home/contract.ts';

/**
 * Categories a customer picks on the submit page. Claims are filed from the claim tab, or about one shipment
 * from its tracking page (the page then carries the shipment's waybill number).
 */
export const SUBMIT_CATEGORIES: readonly RequestCategory[] = Object.values(REQUEST_CATEGORIES).filter(
  (c) => c !== REQUEST_CATEGORIES.claim,
);

/** The categories offered: with a shipment's waybill number, a claim about it too. */
export function submitCategories(aboutShipment: boolean): readonly RequestCategory[] {
  return aboutShipment ? [...SUBMIT_CATEGORIES, REQUEST_CATEGORIES.claim] : SUBMIT_CATEGORIES;
}

/** The category a query parameter names, when the submit page offers it. */
export function submitCategoryOf(value: string | null, aboutShipment = false): RequestCategory | null {
  const parsed = requestCategorySchema.safeParse(Number(value));
  return parsed.success && submitCategories(aboutShipment).includes(parsed.data) ? parsed.data : null;
}

export const needsAttachment = (category: RequestCategory | null): boolean =>
  category !== null && CATEGORIES_WITH_ATTACHMENT.includes(category);

/** Categories whose request is about one shipment, with its waybill number. */
export const asksForWaybill = (category: RequestCategory | null): boolean =>
  category === REQUEST_CATEGORIES.inquiry || category === REQUEST_CATEGORIES.claim;

const description = z
  .string()
  .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(4000, 'validation.tooLong'));

export const submitRequestFormSchema = z.object({
  categoryId: z.string().check(z.refine((v) => submitCategoryOf(v, true) !== null, 'validation.required')),
  subject: z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(150, 'validation.tooLong')),
  description,
  waybill: z.string().check(z.trim(), z.maxLength(40, 'validation.tooLong')),
});
export type SubmitRequestForm = z.infer<typeof submitRequestFormSchema>;

export const editRequestFormSchema = z.object({ description, closeCase: z.boolean() });
export type EditRequestForm = z.infer<typeof editRequestFormSchema>;
