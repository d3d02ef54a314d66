import { formatKsh } from '@urembo/contract/money';
import type { SimPaybillPayment } from './prompts';
import { escapeHtml } from '../../lib/html';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;background:#fdf8f5;color:#2b1a21}
main{max-width:440px;margin:0 auto;padding:20px 16px 40px}
h1{font-family:Georgia,'Times New Roman',serif;font-size:24px;margin:0 0 6px;color:#6d2540}
.lead{margin:4px 0 20px;color:#6b5a61;font-size:14px;line-height:1.5}
.phone{background:#1f1a1c;border-radius:32px;padding:14px}
.screen{background:#f4f1ee;border-radius:22px;padding:16px}
.screen h2{margin:0 0 12px;font-size:13px;letter-spacing:.06em;text-transform:uppercase;color:#3bb54a}
label{display:block;font-size:13px;font-weight:600;margin:12px 0 6px}
input{width:100%;font-size:18px;padding:10px;border:1px solid #cfc5c9;border-radius:10px;background:#fff}
.check{display:flex;gap:8px;align-items:flex-start;font-weight:400;color:#6b5a61}
.check input{width:auto;margin-top:2px}
input:focus{outline:2px solid #c94573;outline-offset:1px}
button{width:100%;margin-top:16px;font:inherit;font-weight:600;font-size:15px;border-radius:999px;padding:12px;border:1px solid #3bb54a;background:#3bb54a;color:#fff;cursor:pointer}
.notice{border-radius:12px;padding:12px 14px;margin-bottom:16px;font-size:14px;line-height:1.45}
.ok{background:#e6f6e8;color:#1d6b28}
.bad{background:#fdecec;color:#9b1c1c}
h3{font-size:14px;margin:24px 0 8px;color:#6d2540}
ul{list-style:none;margin:0;padding:0}
li{display:flex;justify-content:space-between;gap:12px;font-size:13px;padding:8px 0;border-bottom:1px solid #eadfe3}
a{color:#8a2c4f}
`;

export interface PaybillPageInput {
  shortcode: string;
  values: { business: string; account: string; amount: string };
  notice?: { ok: boolean; message: string };
  recent: SimPaybillPayment[];
}

/** The test phone's "Lipa na M-Pesa → Pay Bill" screen: business number, account, amount, PIN. */
export function renderPaybillPage({ shortcode, values, notice, recent }: PaybillPageInput): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Pay Bill · Test phone</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <h1>Pay Bill</h1>
  <p class="lead">Lipa na M-Pesa → Pay Bill on the demo's test phone. The shop's paybill is <strong>${escapeHtml(shortcode)}</strong>; type the order reference as the account number. No real money moves. <a href="/dev/phone">Back to prompts</a></p>
  ${notice ? `<p class="notice ${notice.ok ? 'ok' : 'bad'}" role="${notice.ok ? 'status' : 'alert'}">${escapeHtml(notice.message)}</p>` : ''}
  <div class="phone"><div class="screen">
    <h2>M-PESA · Pay Bill</h2>
    <form method="post" action="/dev/phone/paybill">
      <label for="business">Business no.</label>
      <input id="business" name="business" inputmode="numeric" autocomplete="off" required value="${escapeHtml(values.business)}">
      <label for="account">Account no.</label>
      <input id="account" name="account" autocomplete="off" required maxlength="20" value="${escapeHtml(values.account)}">
      <label for="amount">Amount</label>
      <input id="amount" name="amount" inputmode="numeric" autocomplete="off" required value="${escapeHtml(values.amount)}">
      <label for="pin">Enter M-PESA PIN</label>
      <input id="pin" name="pin" type="password" inputmode="numeric" autocomplete="off" required maxlength="4">
      <label class="check"><input type="checkbox" name="lose" value="1"> Lose Safaricom's confirmation (the shop's Pull sweep recovers it)</label>
      <button type="submit">Send</button>
    </form>
  </div></div>
  ${
    recent.length > 0
      ? `<h3>Paid from this phone</h3><ul>${recent
          .map(
            (p) =>
              `<li><span>${escapeHtml(formatKsh(p.amount))} · ${escapeHtml(p.account)}</span><span>${escapeHtml(p.transId)}</span></li>`,
          )
          .join('')}</ul>`
      : ''
  }
</main>
</body>
</html>`;
}
