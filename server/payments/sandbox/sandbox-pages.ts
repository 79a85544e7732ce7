/**
 * The payment sandbox's pages under /sandbox: the 3-D Secure challenge (of payments and of card registrations),
 * the PayPal, Sadad and Knet approval pages, the PayPal account link, the Visa Checkout lightbox and button, the
 * Peach card frame, the hosted checkout, and their stylesheet and scripts. Each page carries its own
 * Content-Security-Policy (as a header, and as a <meta> too, since the site's security headers may replace the
 * header) and is never cached. Posts come from these pages only: a foreign Origin is refused, as hono/csrf does
 * under /api.
 */
import { readFileSync } from 'node:fs';
import type { Context, Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { SECURE_KEY_COOKIE } from '../../../src/lib/api/payments/contract.ts';
import { fromMinor } from '../../../src/lib/payments/money.ts';
import { dirOf, localeOf, type Lang } from '../../../src/i18n/languages.ts';
import type { CardDetails, Money, RedirectMethod } from '../provider.ts';
import {
  SANDBOX_BUYER,
  VISA_BUTTON_PATH,
  VISA_CHECKOUT_API_KEY,
  VISA_LIGHTBOX_PATH,
  challengePath,
  hostedPath,
  peachFramePath,
  type ChallengeView,
  type HostedFacts,
  type HostedStep,
  type RedirectDecision,
  type RedirectView,
  type SandboxProvider,
} from './sandbox-provider.ts';
import { TEST_CARDS, groupCardNumber } from './test-cards.ts';

const ASSET_TYPES: Record<string, string> = {
  'sandbox.css': 'text/css; charset=utf-8',
  'visa-checkout.js': 'text/javascript; charset=utf-8',
  'peach.js': 'text/javascript; charset=utf-8',
  'visa-checkout-button.svg': 'image/svg+xml',
};

/** The sandbox stands in for the provider's own pages, which are in English whatever the site's language. */
const SANDBOX_LANG: Lang = 'en';

export interface SandboxPageOptions {
  /** Trust X-Forwarded-Proto to tell an https request (for the cookie's Secure flag). */
  trustProxy?: boolean;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** The page's policy; a <meta> policy can't carry frame-ancestors, so it is left out there. */
function policy(script: boolean, header: boolean): string {
  return [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self'",
    ...(script ? ["script-src 'self'"] : []),
    "form-action 'self'",
    ...(header ? ["frame-ancestors 'self'"] : []),
    "base-uri 'none'",
  ].join('; ');
}

interface Page {
  title: string;
  body: string;
  /** An external script of /sandbox/assets/. */
  script?: string;
  status?: ContentfulStatusCode;
  wide?: boolean;
}

function documentOf(page: Page): string {
  const script = page.script ? `\n<script type="module" src="/sandbox/assets/${page.script}"></script>` : '';
  return `<!doctype html>
<html lang="${SANDBOX_LANG}" dir="${dirOf(SANDBOX_LANG)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${policy(Boolean(page.script), false)}">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} — Payment sandbox</title>
<link rel="stylesheet" href="/sandbox/assets/sandbox.css">${script}
</head>
<body>
<header class="sandbox-banner"><p>Payment sandbox — no real money moves</p></header>
<main${page.wide ? ' class="wide"' : ''}>
${page.body}
</main>
</body>
</html>
`;
}

function render(c: Context, page: Page): Response {
  c.header('Cache-Control', 'no-store');
  c.header('Content-Security-Policy', policy(Boolean(page.script), true));
  return c.html(documentOf(page), page.status ?? 200);
}

/** Sends the browser on after a post (or a finished step); never cached, as the pages are not. */
function seeOther(c: Context, location: string): Response {
  c.header('Cache-Control', 'no-store');
  return c.redirect(location, 303);
}

const message = (c: Context, status: ContentfulStatusCode, title: string, text: string) =>
  render(c, { title, status, body: `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>` });

const notFound = (c: Context) => message(c, 404, 'Not found', 'There is no such sandbox page, or it has expired.');

function formatMoney(money: Money): string {
  const amount = fromMinor(money.amountMinor, money.currency);
  return new Intl.NumberFormat(localeOf(SANDBOX_LANG), { style: 'currency', currency: money.currency }).format(amount);
}

const summary = (rows: [string, string][]) =>
  `<dl class="summary">${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`;

/** A one-button form: the button's choice travels in a hidden field. */
function choiceForm(action: string, field: string, value: string, label: string, style = ''): string {
  return `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="${field}" value="${escapeHtml(value)}">
<button type="submit"${style ? ` class="${style}"` : ''}>${escapeHtml(label)}</button>
</form>`;
}

async function formFields(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value;
  return fields;
}

/** A post from a page of this origin: Sec-Fetch-Site says so, or the Origin's host is ours (proxies may change the scheme). */
function isSameOriginPost(c: Context): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined) return site === 'same-origin';
  const origin = c.req.header('origin');
  if (origin === undefined) return true; // Not a browser: no cookie of a victim to ride on.
  try {
    return new URL(origin).host === new URL(c.req.url).host;
  } catch {
    return false; // "null" and other opaque origins
  }
}

// ---------------------------------------------------------------------------

function indexPage(c: Context): Response {
  const rows = TEST_CARDS.map(
    (card) =>
      `<tr><td class="number">${groupCardNumber(card.number)}</td><td>${escapeHtml(card.system)}</td><td>${escapeHtml(card.description)}</td></tr>`,
  ).join('\n');
  return render(c, {
    title: 'Test cards',
    wide: true,
    body: `<h1>Payment sandbox: test cards</h1>
<p>Use any expiry date in the future, any name and any security code of the right length (4 digits for American
Express, 3 for the others). Any other number of a supported card type with a valid checksum succeeds.</p>
<table>
<caption>Test cards</caption>
<thead><tr><th scope="col">Number</th><th scope="col">Card type</th><th scope="col">Outcome</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`,
  });
}

/** The challenge page: a payment's shows its amount; a card registration's says that nothing is charged. */
function challengePage(id: string, challenge: ChallengeView): Page {
  const title = challenge.payment ? '3-D Secure verification' : 'Card verification';
  const facts = summary([
    ['Merchant', challenge.merchant],
    ['Amount', challenge.payment ? formatMoney(challenge.payment) : 'No charge'],
    ['Card', `Card ending in ${challenge.last4}`],
  ]);
  if (challenge.state !== 'pending') {
    return { title, body: `<h1>${title}</h1>\n${facts}\n<p>This verification is already complete.</p>` };
  }
  const intro = challenge.payment
    ? 'Your card issuer asks you to confirm this payment.'
    : 'Your card issuer asks you to confirm this card. This is a card verification only: no money is taken.';
  const action = challengePath(id);
  return {
    title,
    body: `<h1>${title}</h1>
<p>${intro}</p>
${facts}
<div class="actions">
${choiceForm(action, 'decision', 'pass', 'Pass verification')}
${choiceForm(action, 'decision', 'fail', 'Fail verification', 'danger')}
</div>`,
  };
}

function secureRoutes(app: Hono, provider: SandboxProvider, https: (c: Context) => boolean): void {
  app.get('/sandbox/3ds/:id', (c) => {
    const id = c.req.param('id');
    const challenge = provider.challenge(id);
    return challenge ? render(c, challengePage(id, challenge)) : notFound(c);
  });

  app.post('/sandbox/3ds/:id', async (c) => {
    const id = c.req.param('id');
    const decision = (await formFields(c)).decision;
    if (decision !== 'pass' && decision !== 'fail') {
      return message(c, 400, 'Bad request', 'Choose to pass or fail the verification.');
    }
    const result = provider.decideChallenge(id, decision === 'pass');
    if (result.status === 'unknown') return notFound(c);
    if (result.status === 'decided') {
      return message(c, 409, 'Already decided', 'This verification was already completed with the other answer.');
    }
    if (result.status === 'redirect') return seeOther(c, result.location);
    // Not HttpOnly: the shop's page polls document.cookie for it.
    setCookie(c, SECURE_KEY_COOKIE, result.cookieValue, {
      path: '/',
      sameSite: 'Lax',
      maxAge: 600,
      secure: https(c),
      httpOnly: false,
    });
    const outcome = decision === 'pass' ? 'You passed the verification.' : 'You failed the verification.';
    return render(c, {
      title: 'Verification complete',
      body: `<h1>Verification complete — return to the shop</h1>
<p>${outcome} The shop continues with your payment by itself.</p>`,
    });
  });
}

interface RedirectPage {
  title: string;
  intro: string;
  /** What the customer decides on, in "This … was already approved". */
  subject: 'payment' | 'request';
  buttons: [RedirectDecision, string, string][];
}

const SIGNED_IN = `You are signed in to the sandbox as ${SANDBOX_BUYER.name}.`;

const METHOD_PAGES: Record<RedirectMethod, RedirectPage> = {
  paypal: {
    title: 'PayPal payment',
    intro: `${SIGNED_IN} Approve the payment to go back to the shop.`,
    subject: 'payment',
    buttons: [
      ['approve', 'Approve', ''],
      ['cancel', 'Cancel', 'secondary'],
    ],
  },
  sadad: {
    title: 'Sadad payment',
    intro: 'Confirm the payment to go back to the shop.',
    subject: 'payment',
    buttons: [
      ['approve', 'Pay', ''],
      ['cancel', 'Cancel', 'secondary'],
    ],
  },
  knet: {
    title: 'Knet payment',
    intro: 'Confirm the payment to go back to the shop.',
    subject: 'payment',
    buttons: [
      ['approve', 'Pay', ''],
      ['decline', 'Decline', 'danger'],
      ['cancel', 'Cancel', 'secondary'],
    ],
  },
};

/** A PayPal session without a payment: the customer agrees that the shop may charge the account later. */
const PAYPAL_LINK_PAGE: RedirectPage = {
  title: 'Save your PayPal account for future payments',
  intro: `${SIGNED_IN} Agree to let the shop charge this account for future payments. Nothing is charged now.`,
  subject: 'request',
  buttons: [
    ['approve', 'Agree', ''],
    ['cancel', 'Cancel', 'secondary'],
  ],
};

const DECISIONS: readonly string[] = ['approve', 'decline', 'cancel'];

function redirectPage(method: RedirectMethod, token: string, session: RedirectView): Page {
  const { title, intro, subject, buttons } = session.payment ? METHOD_PAGES[method] : PAYPAL_LINK_PAGE;
  const rows: [string, string][] = session.payment ? [['Amount', formatMoney(session.payment)]] : [];
  if (method === 'paypal') rows.push(['Buyer', `${SANDBOX_BUYER.name} (${SANDBOX_BUYER.email})`]);
  const facts = summary(rows);
  if (session.state !== 'pending') {
    return { title, body: `<h1>${title}</h1>\n${facts}\n<p>This ${subject} was already ${session.state}.</p>` };
  }
  const action = `/sandbox/${method}/${token}`;
  return {
    title,
    body: `<h1>${title}</h1>
<p>${escapeHtml(intro)}</p>
${facts}
<div class="actions">
${buttons.map(([value, label, style]) => choiceForm(action, 'decision', value, label, style)).join('\n')}
</div>`,
  };
}

function redirectRoutes(app: Hono, provider: SandboxProvider): void {
  for (const method of ['paypal', 'sadad', 'knet'] as const) {
    app.get(`/sandbox/${method}/:token`, (c) => {
      const token = c.req.param('token');
      const session = provider.redirectSession(method, token);
      return session ? render(c, redirectPage(method, token, session)) : notFound(c);
    });

    app.post(`/sandbox/${method}/:token`, async (c) => {
      const decision = (await formFields(c)).decision ?? '';
      if (!DECISIONS.includes(decision)) return message(c, 400, 'Bad request', 'Choose one of the buttons.');
      const result = provider.decideRedirect(method, c.req.param('token'), decision as RedirectDecision);
      if (result.status === 'unknown') return notFound(c);
      if (result.status === 'invalid') return message(c, 400, 'Bad request', 'Choose one of the buttons.');
      if (result.status === 'decided') {
        return message(c, 409, 'Already decided', 'This was already answered with another choice.');
      }
      return seeOther(c, result.location);
    });
  }
}

/** A lightbox request's parameters, or null when they are not well formed. */
function lightboxParams(get: (name: string) => string | undefined) {
  const apikey = get('apikey') ?? '';
  const amount = get('amount') ?? '';
  const currency = get('currency') ?? '';
  if (!/^\d{1,9}(\.\d{1,3})?$/.test(amount) || !/^[A-Z]{3}$/.test(currency)) return null;
  return { apikey, amount, currency };
}

function visaCheckoutRoutes(app: Hono, provider: SandboxProvider): void {
  const badKey = (c: Context) => message(c, 403, 'Visa Checkout', 'The API key is not valid.');
  const badParams = (c: Context) => message(c, 400, 'Visa Checkout', 'The amount or currency is not valid.');

  app.get(VISA_LIGHTBOX_PATH, (c) => {
    const params = lightboxParams((name) => c.req.query(name));
    if (!params) return badParams(c);
    if (params.apikey !== VISA_CHECKOUT_API_KEY) return badKey(c);
    const amount = new Intl.NumberFormat(localeOf(SANDBOX_LANG), {
      style: 'currency',
      currency: params.currency,
    }).format(Number(params.amount));
    const hidden = ['apikey', 'amount', 'currency']
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(params[k as keyof typeof params])}">`)
      .join('\n');
    const choices = provider
      .walletCards()
      .map(
        (card, i) => `<div class="choice">
<input type="radio" id="card-${card.id}" name="card" value="${card.id}"${i === 0 ? ' checked' : ''}>
<label for="card-${card.id}">${escapeHtml(card.system)} ending in ${card.last4} — ${escapeHtml(card.name)}, expires ${String(card.expiryMonth).padStart(2, '0')}/${card.expiryYear}</label>
</div>`,
      )
      .join('\n');
    return render(c, {
      title: 'Visa Checkout',
      body: `<h1>Visa Checkout</h1>
${summary([['Amount', amount]])}
<form method="post" action="${VISA_LIGHTBOX_PATH}">
${hidden}
<input type="hidden" name="action" value="continue">
<fieldset>
<legend>Choose a card from your wallet</legend>
${choices}
</fieldset>
<button type="submit">Continue</button>
</form>
<div class="actions">
<form method="post" action="${VISA_LIGHTBOX_PATH}">
${hidden}
<input type="hidden" name="action" value="cancel">
<button type="submit" class="secondary">Cancel</button>
</form>
</div>`,
    });
  });

  app.post(VISA_LIGHTBOX_PATH, async (c) => {
    const fields = await formFields(c);
    const params = lightboxParams((name) => fields[name]);
    if (!params) return badParams(c);
    if (params.apikey !== VISA_CHECKOUT_API_KEY) return badKey(c);
    if (fields.action === 'cancel') {
      return render(c, {
        title: 'Visa Checkout cancelled',
        script: 'visa-checkout.js',
        body: `<h1>Visa Checkout cancelled</h1>
<p id="visa-checkout-result" data-outcome="cancel">Returning to the shop…</p>`,
      });
    }
    const payment = fields.action === 'continue' ? provider.visaCheckoutPayment(fields.card ?? '') : null;
    if (!payment) return message(c, 400, 'Visa Checkout', 'Choose one of the cards.');
    return render(c, {
      title: 'Visa Checkout',
      script: 'visa-checkout.js',
      body: `<h1>Card chosen</h1>
<p id="visa-checkout-result" data-outcome="confirm" data-callid="${escapeHtml(payment.callid)}" data-enc-key="${escapeHtml(payment.encKey)}" data-enc-payment-data="${escapeHtml(payment.encPaymentData)}">Returning to the shop…</p>`,
    });
  });
}

/** What a card form shows again after a refusal: never the number or the security code. */
interface CardFormValues {
  name: string;
  expiryMonth: string;
  expiryYear: string;
}

const NO_VALUES: CardFormValues = { name: '', expiryMonth: '', expiryYear: '' };

interface CardForm {
  action: string;
  payment: Money;
  error: string | null;
  values: CardFormValues;
  /** The expiry years offered. */
  years: readonly number[];
  /** Hidden fields sent with the card. */
  hidden?: string;
}

/** The years from the sandbox's current one: the expiry list. */
const expiryYears = (provider: SandboxProvider, count: number) =>
  Array.from({ length: count }, (_, i) => provider.now().getUTCFullYear() + i);

/** A card form with its pay button; a refusal stands above it, announced and tied to the form. */
function cardForm({ action, payment, error, values, years, hidden = '' }: CardForm): string {
  const option = (value: string, label: string, selected: string) =>
    `<option value="${value}"${value === selected ? ' selected' : ''}>${label}</option>`;
  const months = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'))
    .map((m) => option(String(Number(m)), m, values.expiryMonth))
    .join('');
  const yearOptions = years
    .map(String)
    .map((y) => option(y, y, values.expiryYear))
    .join('');
  return `${error ? `<p class="error" role="alert" id="card-error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}"${error ? ' aria-describedby="card-error"' : ''}>${hidden}
<div class="field">
<label for="name">Name on card</label>
<input id="name" name="name" autocomplete="cc-name" required maxlength="100" value="${escapeHtml(values.name)}">
</div>
<div class="field">
<label for="number">Card number</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required maxlength="23">
</div>
<fieldset>
<legend>Expiry date</legend>
<div class="row">
<div class="field">
<label for="expiry-month">Month</label>
<select id="expiry-month" name="expiryMonth" autocomplete="cc-exp-month" required>
${option('', 'Month', values.expiryMonth)}${months}
</select>
</div>
<div class="field">
<label for="expiry-year">Year</label>
<select id="expiry-year" name="expiryYear" autocomplete="cc-exp-year" required>
${option('', 'Year', values.expiryYear)}${yearOptions}
</select>
</div>
</div>
</fieldset>
<div class="field">
<label for="cvv">Security code</label>
<input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" required maxlength="4">
</div>
<button type="submit">Pay ${escapeHtml(formatMoney(payment))}</button>
</form>`;
}

/** A posted card form: the fields it may show again, and the card for the tokenizer (number and code go no further). */
function postedCard(fields: Record<string, string>): { values: CardFormValues; card: CardDetails } {
  const values = {
    name: fields.name ?? '',
    expiryMonth: fields.expiryMonth ?? '',
    expiryYear: fields.expiryYear ?? '',
  };
  return {
    values,
    card: {
      name: values.name,
      number: fields.number ?? '',
      cvv: fields.cvv ?? '',
      expiryMonth: Number(values.expiryMonth),
      expiryYear: Number(values.expiryYear),
    },
  };
}

function peachPage(id: string, form: Omit<CardForm, 'action'>): Page {
  return {
    title: 'Card payment',
    body: `<h1>Card payment</h1>
${summary([['Amount', formatMoney(form.payment)]])}
${cardForm({ ...form, action: peachFramePath(id) })}`,
  };
}

/** The Peach frame lists expiry years this far ahead. */
const PEACH_YEARS = 16;

function peachRoutes(app: Hono, provider: SandboxProvider): void {
  const done = (c: Context, id: string) =>
    render(c, {
      title: 'Card accepted',
      script: 'peach.js',
      body: `<h1>Card accepted</h1>
<p id="peach-result" data-checkout-id="${escapeHtml(id)}">Completing your payment…</p>`,
    });
  const completed = (c: Context) => message(c, 200, 'Card payment', 'This payment is complete.');

  app.get('/sandbox/peach/frame/:id', (c) => {
    const id = c.req.param('id');
    const view = provider.peachView(id);
    if (!view) return notFound(c);
    if (view.status === 'completed') return completed(c);
    if (view.status === 'done') return done(c, id);
    if (view.status === 'secure') return seeOther(c, challengePath(view.challengeId));
    const years = expiryYears(provider, PEACH_YEARS);
    return render(c, peachPage(id, { payment: view.payment, error: view.error, values: NO_VALUES, years }));
  });

  app.post('/sandbox/peach/frame/:id', async (c) => {
    const id = c.req.param('id');
    const { values, card } = postedCard(await formFields(c));
    const result = provider.submitPeachCard(id, card);
    if (result.status === 'unknown') return notFound(c);
    if (result.status === 'completed') return completed(c);
    if (result.status === 'secure') return seeOther(c, challengePath(result.challengeId));
    if (result.status === 'done') return seeOther(c, peachFramePath(id));
    const view = provider.peachView(id);
    if (view?.status !== 'form') return notFound(c);
    const years = expiryYears(provider, PEACH_YEARS);
    return render(c, {
      ...peachPage(id, { payment: view.payment, error: result.message, values, years }),
      status: 422,
    });
  });
}

/** The hosted checkout lists expiry years this far ahead. */
const HOSTED_YEARS = 10;

const hostedSummary = (facts: HostedFacts) =>
  summary([
    ['Merchant', facts.merchant],
    ['Payment for', facts.description],
    ['Amount', formatMoney(facts)],
  ]);

function hostedFormPage(token: string, facts: HostedFacts, form: Omit<CardForm, 'action' | 'payment'>): Page {
  const action = hostedPath(token);
  return {
    title: 'Checkout',
    body: `<h1>Checkout</h1>
${hostedSummary(facts)}
${cardForm({ ...form, action, payment: facts, hidden: '\n<input type="hidden" name="decision" value="pay">' })}
<div class="actions">
${choiceForm(action, 'decision', 'cancel', 'Cancel', 'secondary')}
</div>`,
  };
}

function hostedPaidPage(facts: HostedFacts, returnUrl: string): Page {
  return {
    title: 'Payment complete',
    body: `<h1>Payment complete</h1>
${hostedSummary(facts)}
<p>This payment is paid. <a href="${escapeHtml(returnUrl)}">Return to the shop</a></p>`,
  };
}

/**
 * The hosted checkout: GET /sandbox/checkout/:token shows the form (or that it is paid or closed); POST takes the
 * card (decision=pay) or the cancel (decision=cancel); GET /sandbox/checkout/:token/secure/:id is where the
 * 3-D Secure page sends the customer after the answer: it pays with the passed challenge or shows the failure.
 */
function hostedRoutes(app: Hono, provider: SandboxProvider): void {
  const closed = (c: Context) =>
    message(c, 410, 'Payment closed', 'This payment is no longer available. Go back to the shop to start again.');
  /** Sends the browser where a step leads; a refusal goes to the form, which shows it. */
  const follow = (c: Context, token: string, step: HostedStep) => {
    if (step.status === 'unknown') return notFound(c);
    if (step.status === 'expired') return closed(c);
    return seeOther(c, step.status === 'go' ? step.location : hostedPath(token));
  };

  app.get('/sandbox/checkout/:token', (c) => {
    const token = c.req.param('token');
    const view = provider.hostedView(token);
    if (!view) return notFound(c);
    if (view.status === 'expired') return closed(c);
    if (view.status === 'paid') return render(c, hostedPaidPage(view.facts, view.returnUrl));
    const years = expiryYears(provider, HOSTED_YEARS);
    return render(c, hostedFormPage(token, view.facts, { error: view.error, values: NO_VALUES, years }));
  });

  app.post('/sandbox/checkout/:token', async (c) => {
    const token = c.req.param('token');
    const fields = await formFields(c);
    if (fields.decision === 'cancel') return follow(c, token, provider.cancelHosted(token));
    if (fields.decision !== 'pay') return message(c, 400, 'Bad request', 'Choose one of the buttons.');
    const { values, card } = postedCard(fields);
    const step = provider.payHosted(token, card);
    if (step.status !== 'refused') return follow(c, token, step);
    const view = provider.hostedView(token);
    if (view?.status !== 'open') return notFound(c);
    const years = expiryYears(provider, HOSTED_YEARS);
    return render(c, { ...hostedFormPage(token, view.facts, { error: step.message, values, years }), status: 422 });
  });

  // A GET that may charge, as a 3-D Secure return URL is: only the passed challenge of the last card given pays,
  // and only once, since the payment is then paid and every later visit goes on to the return URL.
  app.get('/sandbox/checkout/:token/secure/:id', (c) => {
    const token = c.req.param('token');
    return follow(c, token, provider.finishHostedSecure(token, c.req.param('id')));
  });
}

/** Mounts every sandbox page and asset under /sandbox. */
export function mountSandbox(app: Hono, provider: SandboxProvider, options: SandboxPageOptions = {}): void {
  const https = (c: Context) =>
    options.trustProxy ? c.req.header('x-forwarded-proto') === 'https' : new URL(c.req.url).protocol === 'https:';
  const assets = new Map(
    Object.entries(ASSET_TYPES).map(([file, type]) => [
      file,
      { type, body: readFileSync(new URL(`./assets/${file}`, import.meta.url)) },
    ]),
  );
  const asset = (c: Context, file: string) => {
    const found = assets.get(file);
    if (!found) return notFound(c);
    c.header('Content-Type', found.type);
    c.header('Cache-Control', 'no-cache');
    return c.body(new Uint8Array(found.body));
  };

  app.use('/sandbox/*', async (c, next) => {
    if (c.req.method === 'POST' && !isSameOriginPost(c)) {
      return message(c, 403, 'Forbidden', 'This form was sent from another site.');
    }
    await next();
  });
  app.get('/sandbox', indexPage);
  app.get('/sandbox/assets/:file', (c) => asset(c, c.req.param('file')));
  app.get(VISA_BUTTON_PATH, (c) => asset(c, 'visa-checkout-button.svg'));
  secureRoutes(app, provider, https);
  redirectRoutes(app, provider);
  visaCheckoutRoutes(app, provider);
  peachRoutes(app, provider);
  hostedRoutes(app, provider);
  app.all('/sandbox/*', notFound);
}
