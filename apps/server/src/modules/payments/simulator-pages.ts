import { PAYMENT_PATHS, SIMULATOR_TEST_CARDS } from '@tillpoint/contracts/payment';

/**
 * The SIMULATOR's pages: the hosted card fields (shown in an iframe on the checkout, so the card
 * never passes through the storefront's own code) and the 3-D Secure challenge page. Plain HTML with
 * their own CSS; the script is a file of its own because the site's CSP allows no inline script.
 */

const html = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const BASE_CSS = `
*{box-sizing:border-box}
html,body{margin:0;padding:0;background:transparent;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1f2937}
label{display:block;font-size:13px;font-weight:600;margin:0 0 4px;color:#374151}
input{display:block;width:100%;height:44px;padding:0 12px;border:1px solid #d1d5db;border-radius:8px;font:inherit;font-size:16px;background:#fff;color:#111827}
input:focus{outline:none;border-color:#2563eb;box-shadow:0 0 0 3px rgba(37,99,235,.2)}
input[aria-invalid=true]{border-color:#dc2626}
`;

export function fieldsPage(sessionKey: string, testEnvironment: boolean, mode: 'card' | 'cvv' = 'card'): string {
  const hint = testEnvironment && mode === 'card'
    ? `<details class="hint"><summary>Test cards</summary><ul>${SIMULATOR_TEST_CARDS.map((c) => `<li><code>${c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> ${html(c.label)}</li>`).join('')}</ul><p>Any future expiry, any 3-digit CVV.</p></details>`
    : '';
  const cvvField = `<div class="field"><label for="cvv">CVV</label><input id="cvv" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required></div>`;
  // A saved card (spec 3 §4.8): only its security code is asked, again, for each payment.
  const fields =
    mode === 'cvv'
      ? `<div class="row cvv-only"><div>${cvvField}</div><p class="cvv-note">The 3 digits on the back of your saved card.</p></div>`
      : `<div class="field"><label for="number">Card number</label><input id="number" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" required></div>
  <div class="row">
    <div class="field"><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="exp-date" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="5" required></div>
    ${cvvField}
  </div>
  <div class="field"><label for="name">Name on card</label><input id="name" name="ccname" autocomplete="cc-name" maxlength="45" required></div>`;
  const endpoint = mode === 'cvv' ? PAYMENT_PATHS.simulatorSecurityCodes : PAYMENT_PATHS.simulatorCardIdentifiers;
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" href="data:,"><title>${mode === 'cvv' ? 'Card security code' : 'Card details'}</title>
<style>${BASE_CSS}
form{padding:2px}
.row{display:flex;gap:12px}
.row>div{flex:1;min-width:0}
.cvv-only>div{flex:0 0 120px}
.cvv-note{flex:1;align-self:center;margin:6px 0 0;font-size:13px;color:#6b7280}
.field{margin-bottom:12px}
.error{display:none;margin:0 0 12px;padding:10px 12px;border-radius:8px;background:#fef2f2;color:#991b1b;font-size:14px}
.error.shown{display:block}
.secure{display:flex;align-items:center;gap:6px;font-size:12px;color:#6b7280;margin:0 0 10px}
.hint{font-size:12px;color:#6b7280;margin-top:4px}
.hint summary{cursor:pointer}
.hint ul{margin:6px 0;padding-left:18px}
.hint code{font-size:12px}
button[hidden]{display:none}
</style></head>
<body>
<form id="card" data-mode="${mode}" data-session="${html(sessionKey)}" data-endpoint="/api/${endpoint}" novalidate autocomplete="on">
  <p class="secure"><svg aria-hidden="true" width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.5"><rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/></svg> Card details are sent securely to the payment provider (simulator).</p>
  <p class="error" id="error" role="alert"></p>
  ${fields}
  <button type="submit" hidden>Pay</button>
  ${hint}
</form>
<script src="/api/${PAYMENT_PATHS.simulatorFieldsScript}"></script>
</body></html>`;
}

/** The frame's script: tokenise the card with the simulator, then tell the checkout (never the card itself). */
export const FIELDS_SCRIPT = `(function () {
  'use strict';
  var form = document.getElementById('card');
  var error = document.getElementById('error');
  var number = document.getElementById('number');
  var expiry = document.getElementById('expiry');
  var cvv = document.getElementById('cvv');
  var name = document.getElementById('name');
  var cvvOnly = form.getAttribute('data-mode') === 'cvv';
  var busy = false;
  function tell(message) { window.parent.postMessage(Object.assign({ source: 'tillpoint-payment' }, message), '*'); }
  function height() { return Math.ceil(document.documentElement.getBoundingClientRect().height); }
  function showError(message, field) {
    error.textContent = message;
    error.classList.add('shown');
    [number, expiry, cvv, name].forEach(function (f) { if (f) f.removeAttribute('aria-invalid'); });
    if (field) { field.setAttribute('aria-invalid', 'true'); field.focus(); }
    tell({ statusCode: 1, message: message, height: height() });
  }
  if (number) number.addEventListener('input', function () {
    var d = number.value.replace(/\\D/g, '').slice(0, 19);
    number.value = d.replace(/(\\d{4})(?=\\d)/g, '$1 ');
  });
  if (expiry) expiry.addEventListener('input', function () {
    var d = expiry.value.replace(/\\D/g, '').slice(0, 4);
    expiry.value = d.length > 2 ? d.slice(0, 2) + '/' + d.slice(2) : d;
  });
  cvv.addEventListener('input', function () { cvv.value = cvv.value.replace(/\\D/g, '').slice(0, 4); });
  function submit() {
    if (busy) return;
    if (cvvOnly) {
      if (!/^\\d{3,4}$/.test(cvv.value)) return showError('Please enter the 3-digit security code (CVV).', cvv);
      return send({ securityCode: cvv.value });
    }
    var digits = number.value.replace(/\\D/g, '');
    if (digits.length < 12) return showError('Please enter your card number.', number);
    if (!/^\\d{2}\\/\\d{2}$/.test(expiry.value)) return showError('Please enter the expiry date as MM/YY.', expiry);
    if (!/^\\d{3,4}$/.test(cvv.value)) return showError('Please enter the 3-digit security code (CVV).', cvv);
    if (!name.value.trim()) return showError('Please enter the name on the card.', name);
    send({ cardDetails: { cardholderName: name.value.trim(), cardNumber: digits, expiryDate: expiry.value.replace('/', ''), securityCode: cvv.value } });
  }
  function send(body) {
    busy = true;
    fetch(form.getAttribute('data-endpoint'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer ' + form.getAttribute('data-session') },
      body: JSON.stringify(body)
    }).then(function (res) {
      return res.json().then(function (body) { return { ok: res.ok, body: body }; });
    }).then(function (r) {
      busy = false;
      if (!r.ok) return showError((r.body && r.body.details) || 'Please check your card details.');
      error.classList.remove('shown');
      // The card fields are emptied: the card now exists only as the provider's identifier.
      cvv.value = '';
      tell({ statusCode: 0, cardIdentifier: r.body.cardIdentifier, last4: r.body.last4, brand: r.body.cardType });
    }).catch(function () {
      busy = false;
      showError('The payment service could not be reached. Please try again.');
    });
  }
  form.addEventListener('submit', function (e) { e.preventDefault(); submit(); });
  window.addEventListener('message', function (e) {
    if (e.source !== window.parent || !e.data || e.data.source !== 'tillpoint-checkout') return;
    if (e.data.action === 'submit') submit();
  });
  if (window.ResizeObserver) new ResizeObserver(function () { tell({ ready: true, height: height() }); }).observe(document.body);
  tell({ ready: true, height: height() });
})();
`;

/** The issuer's challenge page (an ACS stand-in): the customer confirms or fails, and the browser posts cres back to us. */
export function challengePage(o: { amount: string; last4: string; brand: string; notificationPath: string; threeDSSessionData: string; yes: string; no: string }): string {
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" href="data:,"><title>Confirm your payment</title>
<style>${BASE_CSS}
body{background:#f3f4f6;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px}
main{background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(0,0,0,.08);padding:28px 24px;max-width:420px;width:100%}
h1{font-size:20px;margin:0 0 6px}
p{margin:0 0 16px;color:#4b5563}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:0 0 22px;font-size:14px}
dt{color:#6b7280}dd{margin:0;font-weight:600}
.buttons{display:flex;gap:12px}
button{flex:1;height:48px;border-radius:10px;border:0;font:inherit;font-weight:600;font-size:16px;cursor:pointer}
.ok{background:#16a34a;color:#fff}.fail{background:#fff;color:#b91c1c;border:1px solid #fca5a5}
.badge{display:inline-block;font-size:12px;font-weight:600;color:#1d4ed8;background:#dbeafe;border-radius:999px;padding:2px 10px;margin-bottom:12px}
</style></head>
<body><main>
<span class="badge">3-D Secure (simulator)</span>
<h1>Confirm your payment</h1>
<p>Your card issuer asks you to confirm this payment.</p>
<dl><dt>Amount</dt><dd>${html(o.amount)}</dd><dt>Card</dt><dd>${html(o.brand)} ending ${html(o.last4)}</dd></dl>
<form method="post" action="${html(o.notificationPath)}">
<input type="hidden" name="threeDSSessionData" value="${html(o.threeDSSessionData)}">
<div class="buttons">
<button class="ok" type="submit" name="cres" value="${html(o.yes)}">Authenticate</button>
<button class="fail" type="submit" name="cres" value="${html(o.no)}">Fail</button>
</div>
</form>
</main></body></html>`;
}

export const unknownChallengePage = () => `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Payment</title></head>
<body style="font-family:system-ui,sans-serif;padding:24px"><h1>This payment confirmation has expired.</h1><p>Please return to the store and try again.</p></body></html>`;

export const expiredFieldsPage = () => `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Card details</title></head>
<body style="font-family:system-ui,sans-serif;padding:24px"><h1>This card form has expired.</h1><p>Please return to the store and try again.</p></body></html>`;
