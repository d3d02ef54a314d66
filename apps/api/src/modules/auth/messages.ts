import { escapeHtml } from '../../lib/html';
import type { MailMessage } from '../../lib/mailer';

/** The texts of the mail and SMS the account routes send. */

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="margin:0;background:#fdf8f5;font-family:Arial,Helvetica,sans-serif;color:#2b1a21">
<div style="max-width:520px;margin:0 auto;padding:24px">
<p style="font-family:Georgia,serif;font-size:26px;font-weight:bold;color:#8a2c4f;margin:0 0 16px">Urembo</p>
<div style="background:#ffffff;border-radius:16px;padding:24px;border:1px solid #f0e4e8">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1>
${bodyHtml}
</div>
<p style="font-size:12px;color:#8a7f83;margin-top:16px">Urembo Beauty · Nairobi, Kenya</p>
</div></body></html>`;
}

export function emailCodeMessage(to: string, fullName: string, code: string, minutes: number): MailMessage {
  const first = fullName.split(/\s+/)[0] || fullName;
  return {
    to,
    // The code stays out of the subject: subjects are logged and shown on lock screens.
    subject: 'Your Urembo verification code',
    text: [
      `Karibu ${first}!`,
      '',
      `Your Urembo email verification code is: ${code}`,
      '',
      `Enter it on the Verify Email page. It expires in ${minutes} minutes and works once.`,
      'If you did not create an Urembo account, you can ignore this email.',
    ].join('\n'),
    html: layout(
      'Verify your email',
      `<p>Karibu ${escapeHtml(first)}!</p><p>Your verification code is:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;color:#8a2c4f;margin:8px 0 16px">${code}</p>
<p style="font-size:14px;color:#5c4a51">Enter it on the Verify Email page. It expires in ${minutes} minutes and works once. If you did not create an Urembo account, you can ignore this email.</p>`,
    ),
  };
}

export function passwordResetMessage(
  to: string,
  fullName: string,
  link: string,
  minutes: number,
): MailMessage {
  const first = fullName.split(/\s+/)[0] || fullName;
  return {
    to,
    subject: 'Reset your Urembo password',
    text: [
      `Hello ${first},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Urembo account. Open this link to choose a new one:',
      '',
      link,
      '',
      `The link works once and expires in ${minutes} minutes. Choosing a new password signs you out on every device.`,
      'If you did not ask for this, ignore this email: your password stays the same.',
    ].join('\n'),
    html: layout(
      'Reset your password',
      `<p>Hello ${escapeHtml(first)},</p><p>Someone (hopefully you) asked to reset the password of your Urembo account.</p>
<p style="margin:20px 0"><a href="${escapeHtml(link)}" style="background:#8a2c4f;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:999px;font-weight:bold">Choose a new password</a></p>
<p style="font-size:13px;color:#5c4a51">Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(link)}</span></p>
<p style="font-size:14px;color:#5c4a51">The link works once and expires in ${minutes} minutes. If you did not ask for this, ignore this email: your password stays the same.</p>`,
    ),
  };
}

export function phoneCodeSms(code: string, minutes: number): string {
  return `Urembo: your verification code is ${code}. It expires in ${minutes} minutes. Never share it with anyone.`;
}

/** Notices about the account (no secret in them): a subject and a plain text for mail, the text alone for SMS. */
export const ACCOUNT_HELD_BACK = 'Too many wrong passwords for this account';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not right';

export interface NoticeText {
  subject: string;
  body: string;
}

function when(at: Date): string {
  return new Intl.DateTimeFormat('en-KE', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Nairobi',
  }).format(at);
}

export function newDeviceNotice(device: string, at: Date, publicUrl: string): NoticeText {
  return {
    subject: 'New sign-in to your Urembo account',
    body:
      `Urembo: your account was signed in on a new device (${device}) on ${when(at)}. ` +
      `Not you? Change your password and sign out other devices at ${publicUrl}/profile`,
  };
}

export function twoFactorOffNotice(at: Date, publicUrl: string): NoticeText {
  return {
    subject: 'Two-factor sign-in was turned off',
    body:
      `Urembo: two-factor sign-in was turned off for your account on ${when(at)}. ` +
      `Not you? Change your password and sign out other devices at ${publicUrl}/profile`,
  };
}

export function contactChangedNotice(
  what: 'phone number' | 'email address',
  newValue: string,
  at: Date,
  publicUrl: string,
): NoticeText {
  return {
    subject: `Your Urembo ${what} was changed`,
    body:
      `Urembo: the ${what} of your account was changed to ${newValue} on ${when(at)}. ` +
      `Not you? Reset your password now at ${publicUrl}/signin and call the shop.`,
  };
}

export function resetCodeSms(code: string, minutes: number): string {
  return `Urembo: your password reset code is ${code}. It expires in ${minutes} minutes. Never share it with anyone; Urembo never asks for it.`;
}
