import { escapeHtml } from '../../lib/html';
import type { MailMessage } from '../../lib/mailer';

/** The texts of the mail and SMS the account routes send. */

/** Mails and SMS go out in the account's language (users.language). */
export type MessageLanguage = 'en' | 'sw';

function layout(title: string, bodyHtml: string, language: MessageLanguage = 'en'): string {
  return `<!doctype html><html lang="${language}"><body style="margin:0;background:#fdf8f5;font-family:Arial,Helvetica,sans-serif;color:#2b1a21">
<div style="max-width:520px;margin:0 auto;padding:24px">
<p style="font-family:Georgia,serif;font-size:26px;font-weight:bold;color:#8a2c4f;margin:0 0 16px">Urembo</p>
<div style="background:#ffffff;border-radius:16px;padding:24px;border:1px solid #f0e4e8">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1>
${bodyHtml}
</div>
<p style="font-size:12px;color:#8a7f83;margin-top:16px">Urembo Beauty · Nairobi, Kenya</p>
</div></body></html>`;
}

export function emailCodeMessage(
  to: string,
  fullName: string,
  code: string,
  minutes: number,
  language: MessageLanguage = 'en',
): MailMessage {
  const first = fullName.split(/\s+/)[0] || fullName;
  const codeHtml = `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;color:#8a2c4f;margin:8px 0 16px">${code}</p>`;
  if (language === 'sw') {
    return {
      to,
      subject: 'Nambari yako ya uthibitisho ya Urembo',
      text: [
        `Karibu ${first}!`,
        '',
        `Nambari yako ya kuthibitisha barua pepe ya Urembo ni: ${code}`,
        '',
        `Iweke kwenye ukurasa wa Thibitisha Barua Pepe. Muda wake unaisha baada ya dakika ${minutes} na inatumika mara moja.`,
        'Kama hukufungua akaunti ya Urembo, puuza barua pepe hii.',
      ].join('\n'),
      html: layout(
        'Thibitisha barua pepe yako',
        `<p>Karibu ${escapeHtml(first)}!</p><p>Nambari yako ya uthibitisho ni:</p>
${codeHtml}
<p style="font-size:14px;color:#5c4a51">Iweke kwenye ukurasa wa Thibitisha Barua Pepe. Muda wake unaisha baada ya dakika ${minutes} na inatumika mara moja. Kama hukufungua akaunti ya Urembo, puuza barua pepe hii.</p>`,
        language,
      ),
    };
  }
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
${codeHtml}
<p style="font-size:14px;color:#5c4a51">Enter it on the Verify Email page. It expires in ${minutes} minutes and works once. If you did not create an Urembo account, you can ignore this email.</p>`,
    ),
  };
}

export function passwordResetMessage(
  to: string,
  fullName: string,
  link: string,
  minutes: number,
  language: MessageLanguage = 'en',
): MailMessage {
  const first = fullName.split(/\s+/)[0] || fullName;
  const button = (label: string) =>
    `<p style="margin:20px 0"><a href="${escapeHtml(link)}" style="background:#8a2c4f;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:999px;font-weight:bold">${label}</a></p>`;
  const pasted = (label: string) =>
    `<p style="font-size:13px;color:#5c4a51">${label}<br><span style="word-break:break-all">${escapeHtml(link)}</span></p>`;
  if (language === 'sw') {
    return {
      to,
      subject: 'Badilisha nenosiri lako la Urembo',
      text: [
        `Habari ${first},`,
        '',
        'Mtu (tunatumaini ni wewe) ameomba kubadilisha nenosiri la akaunti yako ya Urembo. Fungua kiungo hiki uchague jipya:',
        '',
        link,
        '',
        `Kiungo kinatumika mara moja na muda wake unaisha baada ya dakika ${minutes}. Ukichagua nenosiri jipya utatolewa kwenye kila kifaa.`,
        'Kama hukuomba hili, puuza barua pepe hii: nenosiri lako halitabadilika.',
      ].join('\n'),
      html: layout(
        'Badilisha nenosiri lako',
        `<p>Habari ${escapeHtml(first)},</p><p>Mtu (tunatumaini ni wewe) ameomba kubadilisha nenosiri la akaunti yako ya Urembo.</p>
${button('Chagua nenosiri jipya')}
${pasted('Au nakili kiungo hiki kwenye kivinjari chako:')}
<p style="font-size:14px;color:#5c4a51">Kiungo kinatumika mara moja na muda wake unaisha baada ya dakika ${minutes}. Kama hukuomba hili, puuza barua pepe hii: nenosiri lako halitabadilika.</p>`,
        language,
      ),
    };
  }
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
${button('Choose a new password')}
${pasted('Or paste this link into your browser:')}
<p style="font-size:14px;color:#5c4a51">The link works once and expires in ${minutes} minutes. If you did not ask for this, ignore this email: your password stays the same.</p>`,
    ),
  };
}

export function phoneCodeSms(code: string, minutes: number, language: MessageLanguage = 'en'): string {
  return language === 'sw'
    ? `Urembo: nambari yako ya uthibitisho ni ${code}. Muda wake unaisha baada ya dakika ${minutes}. Usimpe mtu yeyote.`
    : `Urembo: your verification code is ${code}. It expires in ${minutes} minutes. Never share it with anyone.`;
}

/** Notices about the account (no secret in them): a subject and a plain text for mail, the text alone for SMS. */
export const ACCOUNT_HELD_BACK = 'Too many wrong passwords for this account';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not right';

export interface NoticeText {
  subject: string;
  body: string;
}

function when(at: Date, language: MessageLanguage = 'en'): string {
  return new Intl.DateTimeFormat(language === 'sw' ? 'sw-KE' : 'en-KE', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Nairobi',
  }).format(at);
}

export function newDeviceNotice(
  device: string,
  at: Date,
  publicUrl: string,
  language: MessageLanguage = 'en',
): NoticeText {
  if (language === 'sw') {
    return {
      subject: 'Akaunti yako ya Urembo imeingiwa kwenye kifaa kipya',
      body:
        `Urembo: akaunti yako imeingiwa kwenye kifaa kipya (${device}) tarehe ${when(at, language)}. ` +
        `Si wewe? Badilisha nenosiri lako na utoe vifaa vingine kwenye ${publicUrl}/profile`,
    };
  }
  return {
    subject: 'New sign-in to your Urembo account',
    body:
      `Urembo: your account was signed in on a new device (${device}) on ${when(at)}. ` +
      `Not you? Change your password and sign out other devices at ${publicUrl}/profile`,
  };
}

export function twoFactorOffNotice(
  at: Date,
  publicUrl: string,
  language: MessageLanguage = 'en',
): NoticeText {
  if (language === 'sw') {
    return {
      subject: 'Uthibitisho wa hatua mbili umezimwa',
      body:
        `Urembo: uthibitisho wa hatua mbili wa kuingia umezimwa kwenye akaunti yako tarehe ${when(at, language)}. ` +
        `Si wewe? Badilisha nenosiri lako na utoe vifaa vingine kwenye ${publicUrl}/profile`,
    };
  }
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
  language: MessageLanguage = 'en',
): NoticeText {
  if (language === 'sw') {
    const neno = what === 'phone number' ? 'namba ya simu' : 'barua pepe';
    return {
      subject: `${neno === 'barua pepe' ? 'Barua pepe' : 'Namba ya simu'} ya akaunti yako ya Urembo imebadilishwa`,
      body:
        `Urembo: ${neno} ya akaunti yako imebadilishwa kuwa ${newValue} tarehe ${when(at, language)}. ` +
        `Si wewe? Badilisha nenosiri lako sasa kwenye ${publicUrl}/signin na upige simu dukani.`,
    };
  }
  return {
    subject: `Your Urembo ${what} was changed`,
    body:
      `Urembo: the ${what} of your account was changed to ${newValue} on ${when(at)}. ` +
      `Not you? Reset your password now at ${publicUrl}/signin and call the shop.`,
  };
}

export function resetCodeSms(code: string, minutes: number, language: MessageLanguage = 'en'): string {
  if (language === 'sw') {
    return `Urembo: nambari yako ya kubadilisha nenosiri ni ${code}. Muda wake unaisha baada ya dakika ${minutes}. Usimpe mtu yeyote; Urembo haitakuuliza nambari hii.`;
  }
  return `Urembo: your password reset code is ${code}. It expires in ${minutes} minutes. Never share it with anyone; Urembo never asks for it.`;
}
