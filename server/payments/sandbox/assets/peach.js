// Tells the payment page (the top window: page, then a srcdoc frame, then this frame) that the card was accepted.
const result = document.getElementById('peach-result');
const id = result?.dataset.checkoutId;
if (id && window.top && window.top !== window) {
  window.top.postMessage({ type: 'peach', id }, location.origin);
}
