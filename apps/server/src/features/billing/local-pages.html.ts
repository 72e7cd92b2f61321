import { formatUsd, type Plan } from '@tagscout/core/billing';
import type { ProviderCustomer } from './billing-provider.js';

/**
 * The local provider's hosted pages (checkout and portal) as plain server-rendered HTML: no
 * script, one form each, every value escaped. English and Portuguese, like the app.
 */

type Language = 'en' | 'pt';

const TEXT = {
  en: {
    badge: 'Test mode: local payments, no card is charged',
    subscribeTo: 'Subscribe to Tagscout Pro',
    monthly: 'Monthly',
    annual: 'Annual',
    annualSpecial: 'Annual — special offer',
    perMonth: 'per month',
    perYear: 'per year',
    features: [
      'Every related tag',
      'Unlimited copies',
      'No Tagscout credit in your copies',
      'Saved collections',
    ],
    email: 'Email',
    card: 'Card',
    cardNote: 'Any card works in test mode.',
    pay: (price: string) => `Pay ${price}`,
    cancel: 'Cancel and go back',
    expiredTitle: 'This checkout has ended',
    expiredBody: 'It was completed or has expired. Go back to Tagscout and start again.',
    back: 'Back to Tagscout',
    invalidEmail: 'Enter a valid email address.',
    portalTitle: 'Your subscription',
    status: 'Status',
    active: 'Active',
    canceled: 'Cancelled',
    renews: (date: string) => `Renews on ${date}`,
    noSubscription: 'You have no active subscription.',
    cancelSubscription: 'Cancel subscription',
    cancelNote: 'Cancelling ends Pro now; you go back to the free version.',
    portalGone: 'This link has expired. Open Manage Account in Tagscout again.',
    footer: 'Tagscout local billing',
  },
  pt: {
    badge: 'Modo de teste: pagamentos locais, nenhum cartão é cobrado',
    subscribeTo: 'Assinar o Tagscout Pro',
    monthly: 'Mensal',
    annual: 'Anual',
    annualSpecial: 'Anual — oferta especial',
    perMonth: 'por mês',
    perYear: 'por ano',
    features: [
      'Todas as tags relacionadas',
      'Cópias ilimitadas',
      'Sem crédito do Tagscout nas suas cópias',
      'Coleções salvas',
    ],
    email: 'E-mail',
    card: 'Cartão',
    cardNote: 'Qualquer cartão funciona no modo de teste.',
    pay: (price: string) => `Pagar ${price}`,
    cancel: 'Cancelar e voltar',
    expiredTitle: 'Este pagamento foi encerrado',
    expiredBody: 'Ele foi concluído ou expirou. Volte ao Tagscout e comece de novo.',
    back: 'Voltar ao Tagscout',
    invalidEmail: 'Digite um endereço de e-mail válido.',
    portalTitle: 'Sua assinatura',
    status: 'Situação',
    active: 'Ativa',
    canceled: 'Cancelada',
    renews: (date: string) => `Renova em ${date}`,
    noSubscription: 'Você não tem uma assinatura ativa.',
    cancelSubscription: 'Cancelar assinatura',
    cancelNote: 'Ao cancelar, o Pro termina agora e você volta para a versão gratuita.',
    portalGone: 'Este link expirou. Abra Gerenciar conta no Tagscout novamente.',
    footer: 'Cobrança local do Tagscout',
  },
} as const;

export function checkoutPage(input: {
  language: Language;
  plan: Plan;
  email: string | null;
  action: string;
  cancelUrl: string;
  error?: 'invalid_email';
}): string {
  const t = TEXT[input.language];
  const locale = input.language === 'pt' ? 'pt-BR' : 'en-US';
  const price = formatUsd(input.plan.priceUsd, locale);
  const planName = input.plan.isSpecialOffer
    ? t.annualSpecial
    : t[input.plan.id === 'monthly' ? 'monthly' : 'annual'];
  const was = input.plan.wasPriceUsd ? `<s class="was">${formatUsd(input.plan.wasPriceUsd, locale)}</s>` : '';
  const emailField = input.email
    ? `<input id="email" name="email" type="email" value="${escapeHtml(input.email)}" readonly>`
    : '<input id="email" name="email" type="email" autocomplete="email" required autofocus>';
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(t.invalidEmail)}</p>` : '';
  return layout(
    input.language,
    `${t.subscribeTo} — ${planName}`,
    `<main class="checkout">
  <section class="summary" aria-label="${escapeHtml(t.subscribeTo)}">
    <p class="brand">Tagscout</p>
    <h1>${escapeHtml(t.subscribeTo)}</h1>
    <p class="plan">${escapeHtml(planName)}</p>
    <p class="price"><strong>${price}</strong> ${was} <span>${escapeHtml(input.plan.interval === 'month' ? t.perMonth : t.perYear)}</span></p>
    <ul>${t.features.map((feature) => `<li>${escapeHtml(feature)}</li>`).join('')}</ul>
  </section>
  <section class="pay">
    <p class="badge">${escapeHtml(t.badge)}</p>
    <form method="post" action="${escapeHtml(input.action)}">
      ${error}
      <label for="email">${escapeHtml(t.email)}</label>
      ${emailField}
      <label for="card">${escapeHtml(t.card)}</label>
      <input id="card" value="4242 4242 4242 4242" disabled>
      <p class="note">${escapeHtml(t.cardNote)}</p>
      <button type="submit">${escapeHtml(t.pay(price))}</button>
    </form>
    <a class="back" href="${escapeHtml(input.cancelUrl)}">${escapeHtml(t.cancel)}</a>
  </section>
</main>`,
  );
}

export function checkoutGonePage(language: Language): string {
  const t = TEXT[language];
  return layout(
    language,
    t.expiredTitle,
    `<main class="single"><p class="brand">Tagscout</p><h1>${escapeHtml(t.expiredTitle)}</h1><p>${escapeHtml(t.expiredBody)}</p><a class="button" href="/upgrade">${escapeHtml(t.back)}</a></main>`,
  );
}

export function portalPage(input: {
  language: Language;
  customer: ProviderCustomer;
  planNames: Record<string, string>;
  action: string;
  returnUrl: string;
}): string {
  const t = TEXT[input.language];
  const dateFormat = new Intl.DateTimeFormat(input.language === 'pt' ? 'pt-BR' : 'en-US', {
    dateStyle: 'long',
  });
  const rows = input.customer.subscriptions.map((subscription) => {
    const isActive = subscription.status === 'active';
    const renews =
      isActive && subscription.currentPeriodEnd
        ? `<span class="note">${escapeHtml(t.renews(dateFormat.format(subscription.currentPeriodEnd)))}</span>`
        : '';
    const plan = subscription.plan ? (input.planNames[subscription.plan] ?? subscription.plan) : '';
    return `<li><strong>${escapeHtml(plan)}</strong> <span class="status ${isActive ? 'on' : 'off'}">${escapeHtml(isActive ? t.active : t.canceled)}</span> ${renews}</li>`;
  });
  const hasActive = input.customer.subscriptions.some((subscription) => subscription.status === 'active');
  const cancel = hasActive
    ? `<form method="post" action="${escapeHtml(input.action)}"><p class="note">${escapeHtml(t.cancelNote)}</p><button type="submit" class="danger">${escapeHtml(t.cancelSubscription)}</button></form>`
    : `<p>${escapeHtml(t.noSubscription)}</p>`;
  return layout(
    input.language,
    t.portalTitle,
    `<main class="single">
  <p class="brand">Tagscout</p>
  <p class="badge">${escapeHtml(t.badge)}</p>
  <h1>${escapeHtml(t.portalTitle)}</h1>
  <p class="email">${escapeHtml(input.customer.email ?? '')}</p>
  <ul class="subscriptions">${rows.join('')}</ul>
  ${cancel}
  <a class="back" href="${escapeHtml(input.returnUrl)}">${escapeHtml(t.back)}</a>
</main>`,
  );
}

export function portalGonePage(language: Language): string {
  const t = TEXT[language];
  return layout(
    language,
    t.portalTitle,
    `<main class="single"><p class="brand">Tagscout</p><h1>${escapeHtml(t.portalTitle)}</h1><p>${escapeHtml(t.portalGone)}</p><a class="button" href="/">${escapeHtml(t.back)}</a></main>`,
  );
}

export function planNamesOf(language: Language): Record<string, string> {
  const t = TEXT[language];
  return { monthly: t.monthly, annual: t.annual, annualSpecial: t.annualSpecial };
}

function layout(language: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/logo.svg">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
<footer>${escapeHtml(TEXT[language].footer)}</footer>
</body>
</html>`;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#f6f7f9;min-height:100vh;display:flex;flex-direction:column}
main{flex:1;width:100%;max-width:960px;margin:0 auto;padding:24px 16px}
.checkout{display:grid;gap:24px;grid-template-columns:1fr;align-content:start;align-items:start}
@media(min-width:760px){.checkout{grid-template-columns:1fr 1fr;padding-top:64px}}
.summary,.pay,.single{background:#fff;border:1px solid #e3e6ea;border-radius:12px;padding:24px}
.single{max-width:520px;margin:24px auto;display:block}
.brand{color:#d32f2f;font-weight:800;letter-spacing:.02em;margin:0 0 8px}
h1{font-size:1.5rem;margin:0 0 12px}
.plan{margin:0;color:#57606a}
.price{font-size:1rem;margin:8px 0 16px;color:#57606a}
.price strong{font-size:2.25rem;color:#1f2328}
.was{margin:0 6px}
ul{padding-left:20px;margin:0;line-height:1.8}
.subscriptions{list-style:none;padding:0}
.badge{display:inline-block;background:#fff4e5;color:#8a4b00;border:1px solid #ffd8a8;border-radius:12px;padding:4px 12px;font-size:.85rem;margin:0 0 16px}
form{display:flex;flex-direction:column;gap:8px}
label{font-weight:600;font-size:.9rem;margin-top:8px}
input{font:inherit;padding:12px;border:1px solid #c8ccd1;border-radius:8px;background:#fff}
input[readonly],input:disabled{background:#f1f3f5;color:#57606a}
.note{color:#57606a;font-size:.85rem;margin:0}
button,.button{font:inherit;font-weight:700;border:0;border-radius:8px;padding:14px 16px;background:#d32f2f;color:#fff;cursor:pointer;margin-top:12px;text-decoration:none;display:inline-block;text-align:center}
button.danger{background:#fff;color:#b71c1c;border:1px solid #b71c1c}
.back{display:inline-block;margin-top:16px;color:#00796b}
.error{color:#b71c1c;margin:0}
.status{border-radius:999px;padding:2px 10px;font-size:.85rem;margin-left:6px}
.status.on{background:#e6f4ea;color:#1e6b34}.status.off{background:#f1f3f5;color:#57606a}
.email{color:#57606a}
footer{text-align:center;color:#8c959f;font-size:.8rem;padding:16px}
`;

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
