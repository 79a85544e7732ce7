/**
 * Visa Checkout (spec 2 §4, §7): the lightbox's configuration, the reading and verifying of the card it gives,
 * the payment with that card and its security code, and the pixel that tells Visa Checkout how it ended.
 */
import {
  PAYMENT_CODES,
  PAYMENT_SYSTEMS,
  PaymentErrorCode,
  decryptPaymentData,
  getVisaConfig,
  payUsingVisaCheckout,
  updatePixelInfo,
  type DecryptResponse,
} from '../../../src/lib/api/payments/contract.ts';
import { invalid } from '../http-errors.ts';
import type { ApiRouter } from '../router.ts';
import { directPayment, moneyOf, payHandler, refuse, requireMethod } from './payment-steps.ts';

export function visaCheckoutRoutes(router: ApiRouter): void {
  router.handle(getVisaConfig, (c) => {
    const config = c.var.deps.payments.visaCheckoutConfig();
    return {
      VisaApiKey: config.apiKey,
      VisaImgUrl: config.buttonImageUrl,
      VisaLightboxUrl: config.lightboxUrl,
    };
  });

  router.handle(decryptPaymentData, async (c, { body }) => {
    const card = await c.var.deps.payments.decryptVisaCheckout(body.EncryptKey, body.PaymentData);
    const answer: DecryptResponse = card
      ? {
          status: card.verified ? 'VERIFIED' : 'NOT_VERIFIED',
          name: card.name,
          expiryMonth: card.expiryDate.slice(0, 2),
          expiryYear: `20${card.expiryDate.slice(2)}`,
          number: card.maskedNumber,
          baseImageFileName: card.imageFileName,
        }
      : { status: 'INVALID', name: '', expiryMonth: '', expiryYear: '', number: '', baseImageFileName: '' };
    return answer;
  });

  router.handle(
    payUsingVisaCheckout,
    payHandler(async (c, user, body) => {
      const data = body.visaCheckoutData;
      if (!data) throw invalid({ visaCheckoutData: ['required'] });
      requireMethod(user, PAYMENT_SYSTEMS.visaCheckout);
      const card = await c.var.deps.payments.decryptVisaCheckout(data.encryptKey, data.paymentData);
      if (!card?.verified) throw refuse(PaymentErrorCode.card, 'The Visa Checkout data could not be verified');
      return directPayment(
        c,
        user,
        body,
        PAYMENT_CODES.visaCheckout,
        { bin: card.first6, paymentType: String(PAYMENT_SYSTEMS.visaCheckout) },
        async (order) => ({
          result: await c.var.deps.payments.charge({
            ...moneyOf(order),
            token: card.token,
            cvv: data.cvv2,
            description: `Membership ${order.orderNumber}`,
          }),
          card,
        }),
      );
    }),
  );

  router.handle(updatePixelInfo, (c, { body }) => {
    c.var.deps.logger.info({ type: body.Type, order: body.OrderId, total: body.Total }, 'visa checkout pixel');
    return { updated: true } as const;
  });
}
