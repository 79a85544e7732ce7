// Hands the Visa Checkout lightbox's outcome to the page that framed it, on this origin only.
const result = document.getElementById('visa-checkout-result');
if (result && window.parent !== window) {
  const data = result.dataset;
  const message =
    data.outcome === 'confirm'
      ? { type: 'visa-checkout', callid: data.callid, encKey: data.encKey, encPaymentData: data.encPaymentData }
      : { type: 'visa-checkout-cancel' };
  window.parent.postMessage(message, location.origin);
}
