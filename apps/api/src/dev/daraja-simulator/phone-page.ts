import { formatKsh } from '@urembo/contract/money';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import type { SimPrompt } from './prompts';
import { escapeHtml } from '../../lib/html';

export type PhoneNotice =
  | { kind: 'done'; prompt: SimPrompt }
  | { kind: 'pin'; prompt: SimPrompt; message: string }
  | { kind: 'error'; message: string };

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;background:#fdf8f5;color:#2b1a21}
main{max-width:440px;margin:0 auto;padding:20px 16px 40px}
header{display:flex;align-items:center;gap:10px;margin-bottom:6px}
.dot{width:12px;height:12px;border-radius:50%;background:#3bb54a;box-shadow:0 0 0 4px #d9f2dc}
h1{font-family:Georgia,'Times New Roman',serif;font-size:24px;margin:0;color:#6d2540}
.lead{margin:4px 0 20px;color:#6b5a61;font-size:14px;line-height:1.5}
.phone{background:#1f1a1c;border-radius:32px;padding:14px;box-shadow:0 10px 30px rgb(43 26 33 / .18)}
.screen{background:#f4f1ee;border-radius:22px;padding:14px;min-height:220px}
.bar{display:flex;justify-content:space-between;font-size:12px;color:#6b5a61;margin-bottom:10px}
.prompt{background:#fff;border-radius:14px;padding:16px;margin-bottom:12px;box-shadow:0 1px 3px rgb(0 0 0 / .08)}
.prompt h2{margin:0 0 6px;font-size:13px;letter-spacing:.06em;text-transform:uppercase;color:#3bb54a}
.prompt p{margin:0 0 12px;line-height:1.45;font-size:15px}
.meta{font-size:12px;color:#6b5a61;margin:-4px 0 12px}
label{display:block;font-size:13px;font-weight:600;margin-bottom:6px}
input{width:100%;font-size:22px;letter-spacing:.5em;text-align:center;padding:10px;border:1px solid #cfc5c9;border-radius:10px}
input:focus{outline:2px solid #c94573;outline-offset:1px}
.actions{display:flex;gap:8px;margin-top:12px}
button{flex:1;font:inherit;font-weight:600;font-size:15px;border-radius:999px;padding:11px 12px;border:1px solid #8a2c4f;cursor:pointer}
.accept{background:#3bb54a;border-color:#3bb54a;color:#fff}
.cancel{background:#fff;color:#8a2c4f}
.quiet{background:none;border:none;color:#6b5a61;font-size:13px;font-weight:500;text-decoration:underline;padding:8px 0 0;flex:none}
.empty{text-align:center;color:#6b5a61;font-size:14px;padding:48px 12px}
.notice{border-radius:12px;padding:12px 14px;margin-bottom:16px;font-size:14px;line-height:1.45}
.ok{background:#e6f6e8;color:#1d6b28}
.bad{background:#fdecec;color:#9b1c1c}
.error{color:#9b1c1c;font-size:13px;margin:8px 0 0}
h3{font-size:14px;margin:24px 0 8px;color:#6d2540}
ul{list-style:none;margin:0;padding:0}
li{display:flex;justify-content:space-between;gap:12px;font-size:13px;padding:8px 0;border-bottom:1px solid #eadfe3}
.tag{font-weight:600}
a{color:#8a2c4f}
footer{margin-top:24px;font-size:12px;color:#6b5a61;line-height:1.5}
`;

function statusText(prompt: SimPrompt): string {
  if (prompt.status === 'accepted') return `Paid · ${prompt.receipt}`;
  if (prompt.status === 'cancelled') return 'Cancelled';
  if (prompt.status === 'timed-out') return 'Timed out';
  return 'Waiting';
}

function promptCard(prompt: SimPrompt, merchant: string, pinError?: string): string {
  const id = encodeURIComponent(prompt.checkoutRequestId);
  return `<section class="prompt" aria-label="M-Pesa prompt for ${escapeHtml(formatKsh(prompt.amount))}">
  <h2>M-PESA</h2>
  <p>Do you want to pay <strong>${escapeHtml(formatKsh(prompt.amount))}</strong> to <strong>${escapeHtml(merchant)}</strong>, account no.
  <strong>${escapeHtml(prompt.accountReference)}</strong>?</p>
  <p class="meta">To ${escapeHtml(formatPhoneForDisplay(prompt.phone))} · ${escapeHtml(prompt.description)}</p>
  <form method="post" action="/dev/phone/${id}/accept">
    <label for="pin-${id}">Enter M-PESA PIN</label>
    <input id="pin-${id}" name="pin" type="password" inputmode="numeric" autocomplete="off" pattern="\\d{4}"
      maxlength="4" required aria-describedby="hint-${id}">
    ${pinError ? `<p class="error" role="alert">${escapeHtml(pinError)}</p>` : ''}
    <p class="meta" id="hint-${id}" style="margin:8px 0 0">Any 4 digits work on this test phone.</p>
    <div class="actions">
      <button type="submit" class="cancel" formaction="/dev/phone/${id}/cancel" formnovalidate>Cancel</button>
      <button type="submit" class="accept">Accept</button>
    </div>
    <div class="actions"><button type="submit" class="quiet" formaction="/dev/phone/${id}/timeout" formnovalidate>Let it time out (no answer)</button></div>
  </form>
</section>`;
}

function noticeHtml(notice: PhoneNotice | undefined): string {
  if (!notice || notice.kind === 'pin') return '';
  if (notice.kind === 'error') return `<p class="notice bad" role="alert">${escapeHtml(notice.message)}</p>`;
  const p = notice.prompt;
  const delivered = p.delivery?.startsWith('delivered') ?? false;
  const what =
    p.status === 'accepted'
      ? `You paid ${formatKsh(p.amount)}. M-Pesa receipt ${p.receipt}.`
      : p.status === 'cancelled'
        ? 'You cancelled the prompt.'
        : 'The prompt timed out.';
  const shop = delivered ? 'The shop has been told.' : `The shop was NOT told: ${p.delivery ?? 'not sent'}.`;
  return `<p class="notice ${delivered ? 'ok' : 'bad'}" role="status">${escapeHtml(what)} ${escapeHtml(shop)}</p>`;
}

/** The shop's flower mark, inline: without a link the browser asks for /favicon.ico, which does not exist. */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#8a2c4f"/><g fill="#fbe3ea"><ellipse cx="32" cy="20" rx="7" ry="11"/><ellipse cx="32" cy="44" rx="7" ry="11"/><ellipse cx="20" cy="32" rx="11" ry="7"/><ellipse cx="44" cy="32" rx="11" ry="7"/></g><circle cx="32" cy="32" r="6" fill="#e8a33d"/></svg>',
)}`;

/** The simulator's "phone": pending prompts to accept or cancel, and the last answered ones. */
export function renderPhonePage({
  merchant,
  pending,
  recent,
  signedIn,
  notice,
}: {
  merchant: string;
  pending: SimPrompt[];
  recent: SimPrompt[];
  /** A visitor sees no prompts at all: only the customer whose order a prompt is for may answer it. */
  signedIn: boolean;
  notice?: PhoneNotice;
}): string {
  const pinFor = notice?.kind === 'pin' ? notice : undefined;
  const cards = pending
    .map((p) =>
      promptCard(
        p,
        merchant,
        pinFor && pinFor.prompt.checkoutRequestId === p.checkoutRequestId ? pinFor.message : undefined,
      ),
    )
    .join('\n');
  const waiting = pending.length === 0;
  const time = new Date().toLocaleTimeString('en-KE', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Nairobi',
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${waiting && signedIn ? '<meta http-equiv="refresh" content="3">' : ''}
<title>Test phone · M-Pesa simulator</title>
<link rel="icon" href="${FAVICON}">
<style>${STYLE}</style>
</head>
<body>
<main>
  <header><span class="dot" aria-hidden="true"></span><h1>Test phone</h1></header>
  <p class="lead">The demo shop's built-in M-Pesa simulator. Prompts sent by “Pay with M-Pesa” for your orders appear here instead of on a real phone. No real money moves.</p>
  ${noticeHtml(notice)}
  <div class="phone"><div class="screen">
    <div class="bar"><span>Safaricom SIM</span><span>${escapeHtml(time)}</span></div>
    ${
      !signedIn
        ? '<p class="empty">Sign in to the shop to see the M-Pesa prompts sent for your orders.<br><a href="/signin">Sign in</a></p>'
        : waiting
          ? '<p class="empty">No prompts waiting for your orders.<br>This page checks again every 3 seconds.</p>'
          : cards
    }
  </div></div>
  ${waiting ? '' : '<p class="lead" style="margin-top:12px"><a href="/dev/phone">Refresh</a> to see new prompts.</p>'}
  <p class="lead" style="margin-top:12px"><a href="/dev/phone/paybill">Pay from the M-Pesa menu (Lipa na M-Pesa → Pay Bill)</a></p>
  ${
    recent.length > 0
      ? `<h3>Recently answered</h3><ul>${recent
          .map(
            (p) =>
              `<li><span>${escapeHtml(formatKsh(p.amount))} · ${escapeHtml(p.accountReference)}</span><span class="tag">${escapeHtml(statusText(p))}</span></li>`,
          )
          .join('')}</ul>`
      : ''
  }
  <footer>Development only: this page and the simulator are never served when Daraja credentials are set or in production.</footer>
</main>
</body>
</html>`;
}
