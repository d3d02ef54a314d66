import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiRequestError } from './api-client';
import { useT } from '../i18n/i18n';

/** Messages to show beside a form's fields, by field name. */
export type FieldErrors = Record<string, string>;

/**
 * Validates form values with the contract schema the server uses, answering the parsed values or the first message
 * of each field.
 */
export function validateForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
  /** The messages in the page's language (the contract's are English): `(m) => inLanguage(m, lang)`. */
  say: (message: string) => string = (message) => message,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= say(issue.message);
  }
  return { ok: false, errors };
}

/**
 * validateForm with a schema loaded on demand (`load` imports the contract module that holds it): zod and the
 * schemas (24 KB gzip) download when a shopper first touches the form, not with a server-rendered page, which stays
 * within the first visit's JavaScript budget. A module that cannot be fetched answers a form message.
 * `checking` is true while it downloads, for the submit button: a second tap meanwhile is ignored (`check` answers
 * null), so the form is never sent twice.
 */
export function useFormCheck<S extends z.ZodType>(load: () => Promise<S>) {
  const t = useT();
  const [checking, setChecking] = useState(false);
  const busy = useRef(false);
  async function check(values: unknown): Promise<ReturnType<typeof validateForm<S>> | null> {
    if (busy.current) return null;
    busy.current = true;
    setChecking(true);
    try {
      const schema = await load();
      // The Kiswahili of the contract's messages comes with the schemas, only on a Kiswahili page.
      if (t.lang === 'en') return validateForm(schema, values);
      const { inLanguage } = await import('@urembo/contract/message-catalogue');
      return validateForm(schema, values, (message) => inLanguage(message, t.lang));
    } catch {
      return { ok: false, errors: { form: t('form.uncheckable') } };
    } finally {
      busy.current = false;
      setChecking(false);
    }
  }
  return { checking, check };
}

/** The field messages of a failed API call (a 400's details), so the form shows what the server refused. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (error instanceof ApiRequestError && error.details) {
    for (const d of error.details) errors[d.path || 'form'] ??= d.message;
  }
  return errors;
}

/**
 * The ref for a form whose refused submission moves keyboard focus to its first field in error, or else to its
 * form-wide message (FormError): the submit button is disabled while the form is sent, which would otherwise drop
 * focus to the page, and a screen reader then reads where the problem is.
 */
export function useFocusFirstError(errors: FieldErrors) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const target =
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.current?.querySelector<HTMLElement>('[data-form-error]');
    target?.focus();
  }, [errors]);
  return form;
}
