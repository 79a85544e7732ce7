/** The request forms (spec 1 §3 request, §4.3, §5); messages are translation keys. */
import { z } from '../zod.ts';
import {
  CATEGORIES_WITH_ATTACHMENT,
  REQUEST_CATEGORIES,
  requestCategorySchema,
  type RequestCategory,
} from '../api/account-home/contract.ts';

/**
 * Categories a customer picks on the submit page: all of spec 1 §3, in its order. A claim there names the
 * shipment by its waybill number; a package known only by a store's tracking number is claimed from the claim tab.
 */
export const SUBMIT_CATEGORIES: readonly RequestCategory[] = Object.values(REQUEST_CATEGORIES);

/** The category a query parameter names, when the submit page offers it. */
export function submitCategoryOf(value: string | null): RequestCategory | null {
  const parsed = requestCategorySchema.safeParse(Number(value));
  return parsed.success && SUBMIT_CATEGORIES.includes(parsed.data) ? parsed.data : null;
}

export const needsAttachment = (category: RequestCategory | null): boolean =>
  category !== null && CATEGORIES_WITH_ATTACHMENT.includes(category);

/** Categories whose request is about one shipment, with its waybill number. */
export const asksForWaybill = (category: RequestCategory | null): boolean =>
  category === REQUEST_CATEGORIES.inquiry || category === REQUEST_CATEGORIES.claim;

const description = z
  .string()
  .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(4000, 'validation.tooLong'));

/** A claim needs the waybill number of the shipment it is about (an inquiry may go without one). */
export const needsWaybill = (category: RequestCategory | null): boolean => category === REQUEST_CATEGORIES.claim;

export const submitRequestFormSchema = z
  .object({
    categoryId: z.string().check(z.refine((v) => submitCategoryOf(v) !== null, 'validation.required')),
    subject: z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(150, 'validation.tooLong')),
    description,
    waybill: z.string().check(z.trim(), z.maxLength(40, 'validation.tooLong')),
  })
  .check(
    z.superRefine((form, ctx) => {
      if (needsWaybill(submitCategoryOf(form.categoryId)) && form.waybill === '') {
        ctx.addIssue({ code: 'custom', path: ['waybill'], message: 'validation.awbRequired', input: form.waybill });
      }
    }),
  );
export type SubmitRequestForm = z.infer<typeof submitRequestFormSchema>;

export const editRequestFormSchema = z.object({ description, closeCase: z.boolean() });
export type EditRequestForm = z.infer<typeof editRequestFormSchema>;
