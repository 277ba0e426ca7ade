import { isOpen, type SandboxTransaction } from './sandbox.store.js';

export const WEBHOOK_MODES = ['once', 'twice', 'late', 'none'] as const;
export type WebhookMode = (typeof WEBHOOK_MODES)[number];

/** The portal's icon: without one the browser asks for /favicon.ico, which is not served. */
const ICON = '<link rel="icon" href="/portal/favicon.svg" type="image/svg+xml">';

const PROVIDER_TITLES = { monnify: 'Monnify', nomba: 'Nomba', remita: 'Remita' } as const;

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function naira(kobo: number): string {
  return `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * The simulated checkout: a tiny server-rendered page with no script and no external asset, so
 * the portal's self-only CSP allows it. A plain form POST pays or cancels.
 */
export function checkoutPage(
  tx: SandboxTransaction,
  action: string,
  defaults: { webhook: WebhookMode; amountKobo: number; delaySeconds: number },
): string {
  const title = PROVIDER_TITLES[tx.provider];
  const finished = !isOpen(tx);
  const options = WEBHOOK_MODES.map(
    (mode) =>
      `<option value="${mode}"${mode === defaults.webhook ? ' selected' : ''}>${
        {
          once: 'Send it once (normal)',
          twice: 'Send it twice (a resend)',
          late: 'Send it late',
          none: 'Do not send it',
        }[mode]
      }</option>`,
  ).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} sandbox checkout</title>
${ICON}
<style>
body{font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#eef1f5;color:#1b1f24}
main{max-width:420px;margin:24px auto;background:#fff;border-radius:10px;box-shadow:0 2px 10px #0002;padding:20px}
.banner{background:#fff4ce;border:1px solid #e0c36a;border-radius:6px;padding:8px 10px;font-size:13px;margin-bottom:14px}
h1{font-size:20px;margin:0 0 4px}.amount{font-size:30px;font-weight:700;margin:10px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:14px;margin:0 0 14px}dt{color:#5b6470}dd{margin:0;word-break:break-all}
fieldset{border:1px solid #d5dae1;border-radius:6px;margin:0 0 14px;padding:8px 12px}legend{font-size:13px;color:#5b6470}
label{display:block;font-size:14px;margin:6px 0 2px}input,select{font:inherit;width:100%;box-sizing:border-box;padding:6px}
.buttons{display:flex;gap:10px}button{flex:1;font:inherit;font-weight:600;padding:12px;border-radius:6px;border:0;cursor:pointer}
.pay{background:#0a7c3e;color:#fff}.cancel{background:#d5dae1;color:#1b1f24}.later{background:#fff;border:1px solid #0a7c3e;color:#0a7c3e;margin-top:10px;width:100%}
</style></head>
<body><main>
<div class="banner">Built-in sandbox of the school portal, speaking ${escapeHtml(title)}'s API. No money moves.</div>
<h1>${escapeHtml(title)} checkout</h1>
<div class="amount">${naira(tx.amountKobo)}</div>
<dl>
<dt>For</dt><dd>${escapeHtml(tx.description)}</dd>
<dt>Payer</dt><dd>${escapeHtml(tx.customerName)} &lt;${escapeHtml(tx.customerEmail)}&gt;</dd>
<dt>Reference</dt><dd>${escapeHtml(tx.merchantRef)}</dd>
<dt>${tx.provider === 'remita' ? 'RRR' : tx.provider === 'nomba' ? 'Order id' : 'Transaction'}</dt><dd>${escapeHtml(tx.id)}</dd>
${finished ? `<dt>Status</dt><dd>${escapeHtml(tx.status)}</dd>` : ''}
</dl>
${
  finished
    ? '<p>This payment has already been completed or cancelled.</p>'
    : `<form method="post" action="${escapeHtml(action)}">
<fieldset><legend>Simulation</legend>
<label for="amount">Amount the customer sends (naira)</label>
<input id="amount" name="amount" inputmode="decimal" value="${(defaults.amountKobo / 100).toFixed(2)}">
<label for="webhook">Webhook to the portal</label>
<select id="webhook" name="webhook">${options}</select>
<label for="delay">"Late" and "transfer later" delay (seconds)</label>
<input id="delay" name="delaySeconds" inputmode="numeric" value="${defaults.delaySeconds}">
</fieldset>
<div class="buttons"><button class="pay" name="action" value="pay" type="submit">Pay</button>
<button class="cancel" name="action" value="cancel" type="submit">Cancel</button></div>
<button class="later" name="action" value="transfer_later" type="submit">Return now; the transfer arrives later</button>
</form>`
}
</main></body></html>`;
}

export function messagePage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>${ICON}</head>
<body style="font-family:system-ui,sans-serif;max-width:480px;margin:40px auto"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;
}
