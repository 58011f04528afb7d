/**
 * The browser side of the Razorpay stand-in: a stand-in of Checkout's
 * script (https://checkout.razorpay.com/v1/checkout.js) and of the dialog
 * it opens in an iframe. Like the real Checkout, the shop's page loads only
 * the script and shows only the frame: every payment request goes from the
 * frame to its own origin, so the shop's Content-Security-Policy needs the
 * script and frame origins and nothing more.
 *
 * The script implements what the shop uses of Checkout: `new Razorpay(options)`
 * (key, order_id, name, description, handler, modal.ondismiss), `.open()`,
 * `.close()` and `.on('payment.failed', fn)`. The dialog is an iframe titled
 * 'Razorpay Checkout' with the buttons 'Pay with UPI', 'Fail' and 'Close';
 * in Playwright: `page.frameLocator('iframe[title="Razorpay Checkout"]')
 * .getByRole('button', { name: 'Pay with UPI' })`.
 */

/** Messages the dialog posts to the shop's page, and only to it (the origin it was opened from). */
export const CHECKOUT_MESSAGE = {
  paid: 'razorpay-stand-in:paid',
  failed: 'razorpay-stand-in:failed',
  dismissed: 'razorpay-stand-in:dismissed',
} as const;

/** Where the dialog is served and where it sends the shopper's choice; both on the stand-in's origin. */
export const CHECKOUT_PATHS = {
  script: '/v1/checkout.js',
  dialog: '/v1/checkout/dialog',
  pay: '/v1/checkout/pay',
} as const;

/** checkout.js: defines `window.Razorpay`, which opens the dialog from `origin` (the stand-in's). */
export function checkoutScript(origin: string): string {
  return `(function () {
  'use strict';
  var ORIGIN = ${JSON.stringify(origin)};
  var MESSAGE = ${JSON.stringify(CHECKOUT_MESSAGE)};

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options || {};
    this.listeners = {};
    this.overlay = null;
    this.stopListening = function () {};
  }

  Razorpay.prototype.on = function (event, listener) {
    (this.listeners[event] = this.listeners[event] || []).push(listener);
    return this;
  };

  Razorpay.prototype.open = function () {
    var self = this;
    var options = self.options;
    if (self.overlay) return self;
    var query = new URLSearchParams({
      key_id: String(options.key || ''),
      order_id: String(options.order_id || ''),
      name: String(options.name || ''),
      description: String(options.description || ''),
      origin: window.location.origin
    });
    var overlay = document.createElement('div');
    overlay.setAttribute('data-razorpay-stand-in', '');
    overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;display:flex;' +
      'align-items:center;justify-content:center;background:rgba(0,0,0,0.5)';
    var frame = document.createElement('iframe');
    frame.title = 'Razorpay Checkout';
    frame.src = ORIGIN + ${JSON.stringify(CHECKOUT_PATHS.dialog)} + '?' + query.toString();
    frame.style.cssText = 'width:360px;height:340px;max-width:100%;border:0;border-radius:8px;background:#fff';
    overlay.appendChild(frame);
    document.body.appendChild(overlay);
    self.overlay = overlay;

    function onMessage(event) {
      if (event.origin !== ORIGIN || event.source !== frame.contentWindow) return;
      var data = event.data || {};
      if (data.type === MESSAGE.paid) {
        self.close();
        if (typeof options.handler === 'function') options.handler(data.answer);
      } else if (data.type === MESSAGE.failed) {
        (self.listeners['payment.failed'] || []).forEach(function (listener) { listener(data.failure); });
      } else if (data.type === MESSAGE.dismissed) {
        self.close();
        if (options.modal && typeof options.modal.ondismiss === 'function') options.modal.ondismiss();
      }
    }
    window.addEventListener('message', onMessage);
    self.stopListening = function () { window.removeEventListener('message', onMessage); };
    return self;
  };

  Razorpay.prototype.close = function () {
    if (!this.overlay) return;
    this.overlay.remove();
    this.overlay = null;
    this.stopListening();
  };

  window.Razorpay = Razorpay;
})();
`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ??
      character,
  );

const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The dialog in the iframe. `order` is the Razorpay order it pays (its
 * amount comes from the stand-in, not from the page), or the reason it
 * cannot be paid (unknown order, wrong key, already paid), shown instead of
 * the pay buttons.
 */
export function checkoutDialog(input: {
  name: string;
  description: string;
  order: { amount: number } | { problem: string };
}): string {
  const amount = 'amount' in input.order ? input.order.amount : undefined;
  const problem = 'problem' in input.order ? input.order.problem : '';
  const payable = amount !== undefined;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Razorpay Checkout (stand-in)</title>
<style>
  body { margin: 0; font: 15px/1.4 system-ui, sans-serif; color: #111; }
  main { padding: 16px; display: grid; gap: 12px; }
  header { display: flex; justify-content: space-between; align-items: start; gap: 8px; }
  h1 { font-size: 18px; margin: 0; }
  p { margin: 0; }
  button { font: inherit; padding: 10px 12px; border-radius: 6px; border: 1px solid #555; background: #fff; cursor: pointer; }
  #pay-upi { background: #0b5fff; border-color: #0b5fff; color: #fff; }
  #close { padding: 2px 10px; }
  [role="alert"]:empty { display: none; }
  [role="alert"] { color: #a00; }
</style>
</head>
<body>
<main aria-labelledby="merchant">
  <header>
    <h1 id="merchant">${escapeHtml(input.name || 'Razorpay Checkout')}</h1>
    <button type="button" id="close" aria-label="Close">×</button>
  </header>
  ${input.description ? `<p>${escapeHtml(input.description)}</p>` : ''}
  ${amount === undefined ? '' : `<p>Amount: <strong>${rupees(amount)}</strong></p>`}
  <p>Test payments through a local stand-in of Razorpay: no money moves.</p>
  <p id="status" role="alert">${escapeHtml(problem)}</p>
  ${
    payable
      ? `<button type="button" id="pay-upi">Pay with UPI</button>
  <button type="button" id="fail">Fail</button>`
      : ''
  }
</main>
<script>
(function () {
  'use strict';
  var MESSAGE = ${JSON.stringify(CHECKOUT_MESSAGE)};
  var params = new URLSearchParams(window.location.search);
  var pageOrigin = params.get('origin');
  var status = document.getElementById('status');
  var buttons = Array.prototype.slice.call(document.querySelectorAll('#pay-upi, #fail'));

  function tell(message) {
    if (pageOrigin) window.parent.postMessage(message, pageOrigin);
  }

  function pay(fail) {
    buttons.forEach(function (button) { button.disabled = true; });
    status.textContent = '';
    fetch(${JSON.stringify(CHECKOUT_PATHS.pay)}, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        key_id: params.get('key_id'),
        order_id: params.get('order_id'),
        method: 'upi',
        fail: fail
      })
    })
      .then(function (response) { return response.json(); })
      .then(function (result) {
        if (result.answer) {
          status.textContent = 'Payment successful';
          tell({ type: MESSAGE.paid, answer: result.answer });
          return;
        }
        if (result.failure) {
          status.textContent = result.failure.error.description;
          tell({ type: MESSAGE.failed, failure: result.failure });
        } else {
          status.textContent = (result.error && result.error.description) || 'Something went wrong';
        }
        buttons.forEach(function (button) { button.disabled = false; });
      })
      .catch(function () {
        status.textContent = 'Could not reach Razorpay';
        buttons.forEach(function (button) { button.disabled = false; });
      });
  }

  buttons.forEach(function (button) {
    button.addEventListener('click', function () { pay(button.id === 'fail'); });
  });
  document.getElementById('close').addEventListener('click', function () {
    tell({ type: MESSAGE.dismissed });
  });
})();
</script>
</body>
</html>
`;
}
