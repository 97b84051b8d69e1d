/**
 * The login modal (spec section 2): e-mail step, OTP step with the resend countdown, the Aadhaar panel
 * ('Coming Soon...') and the terms note. Opened by anyone through openLogin() ($loginOpen); the flow's state
 * and calls live in ./login.store.ts. The dialog is driven by useModalDialog (page behind inert, Tab wrapped,
 * the step's field focused, the focus back to the opener on closing).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $loginOpen, closeLogin } from '../../stores/login.store.ts';
import { countdown } from '../../lib/format.ts';
import { OTP_MAX_LENGTH } from '../../lib/validation-rules.ts';
import FieldError from '../app/shell/FieldError.tsx';
import { useModalDialog } from '../app/shell/use-modal-dialog.ts';
import { noticeText } from '../../lib/privacy-notice.ts';
import { formatDate, siteHref } from '../../lib/i18n.ts';
import type { ConsentStatus } from '../../lib/api-types.ts';
import { useLang, useT, withLang } from '../i18n/use-t.tsx';
import {
  $loginFlow,
  OTP_LIFETIME_SECONDS,
  agreeToNotice,
  changeEmail,
  declineAsMinor,
  resetLoginFlow,
  cleanOtp,
  clearLoginError,
  requestOtp,
  resendOtp,
  secondsUntilResend,
  verifyOtp,
} from './login.store.ts';

function LoginModal() {
  const t = useT();
  const open = useStore($loginOpen);
  const flow = useStore($loginFlow);
  // Server HTML has an empty dialog; render the content only after hydration so a click that set the store
  // before hydration cannot make the first client render differ from the server's.
  const [hydrated, setHydrated] = useState(false);
  const show = open && hydrated;
  const dialogRef = useModalDialog(show, closeLogin);

  useEffect(() => setHydrated(true), []);

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby="login-title"
      className="m-auto w-[calc(100%-1.5rem)] max-w-md overflow-visible rounded-2xl border-0 bg-surface p-0 text-ink shadow-2xl backdrop:bg-stone-950/60"
    >
      {show && (
        <div className="relative max-h-[calc(100dvh-1.5rem)] overflow-y-auto p-5 sm:p-7">
          <div className="flex items-start justify-between gap-4">
            <div>
              <h2 id="login-title" className="text-xl font-bold">
                {t('login.title')}
              </h2>
              <p className="mt-1 text-sm text-muted">{t('login.lead')}</p>
            </div>
            <button
              type="button"
              onClick={closeLogin}
              className="-mr-2 -mt-1 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-stone-100 hover:text-ink"
            >
              <span className="sr-only">{t('common.close')}</span>
              <svg
                width="20"
                height="20"
                viewBox="0 0 20 20"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M5 5l10 10M15 5L5 15" />
              </svg>
            </button>
          </div>

          {flow.step === 'email' && <EmailStep />}
          {flow.step === 'otp' && <OtpStep />}
          {flow.step === 'notice' && <NoticeStep />}
          {flow.step === 'refused' && <RefusedStep />}

          {(flow.step === 'email' || flow.step === 'otp') && <LoginFooter />}

          {flow.processing && (
            <div
              role="status"
              className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 rounded-2xl bg-surface/85 font-semibold text-ink"
            >
              <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600" aria-hidden="true" />
              {t('common.processing')}
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}

function EmailStep() {
  const t = useT();
  const flow = useStore($loginFlow);
  const [email, setEmail] = useState(flow.email);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => inputRef.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void requestOtp(email);
  };

  return (
    <form noValidate onSubmit={submit} className="mt-6">
      <label htmlFor="login-email" className="block text-sm font-semibold">
        {t('login.email')}
      </label>
      <input
        ref={inputRef}
        id="login-email"
        data-autofocus
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('login.emailPlaceholder')}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          if (flow.error) clearLoginError();
        }}
        aria-invalid={flow.error ? true : undefined}
        aria-describedby="login-email-error"
        className="field-input mt-1.5"
      />
      <FieldError id="login-email-error" message={flow.error} keepSpace />
      <button type="submit" className="btn btn-primary mt-2 w-full">
        {t('login.sendOtp')}
      </button>
    </form>
  );
}

function OtpStep() {
  const t = useT();
  const flow = useStore($loginFlow);
  const [otp, setOtp] = useState('');
  const [left, setLeft] = useState(() => secondsUntilResend(flow));
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => inputRef.current?.focus(), []);

  // Ticks once a second until a new code may be asked for; a resend moves resendAt and restarts it.
  const { resendAt } = flow;
  useEffect(() => {
    setLeft(secondsUntilResend({ resendAt }));
    const timer = window.setInterval(() => {
      const remaining = secondsUntilResend($loginFlow.get());
      setLeft(remaining);
      if (remaining === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [resendAt]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void verifyOtp(otp);
  };

  const resend = async () => {
    setOtp('');
    await resendOtp();
    inputRef.current?.focus();
  };

  return (
    <form noValidate onSubmit={submit} className="mt-6">
      <p className="text-sm text-muted">
        {t('login.sentStart')} <strong className="break-all font-semibold text-ink">{flow.email}</strong>.{' '}
        {t('login.sentEnd', { count: OTP_LIFETIME_SECONDS / 60 })}
      </p>
      <label htmlFor="login-otp" className="mt-4 block text-sm font-semibold">
        {t('login.otp')}
      </label>
      <input
        ref={inputRef}
        id="login-otp"
        data-autofocus
        name="otp"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_MAX_LENGTH}
        placeholder={t('login.otpPlaceholder')}
        value={otp}
        onChange={(event) => {
          setOtp(cleanOtp(event.target.value));
          if (flow.error) clearLoginError();
        }}
        aria-invalid={flow.error ? true : undefined}
        aria-describedby="login-otp-error login-resend"
        className="field-input mt-1.5 text-lg tracking-[0.3em]"
      />
      <FieldError id="login-otp-error" message={flow.error} keepSpace />
      <button type="submit" className="btn btn-primary mt-2 w-full">
        {t('login.verifyOtp')}
      </button>
      <div id="login-resend" className="mt-3 flex min-h-11 flex-wrap items-center justify-between gap-2 text-sm">
        {left > 0 ? (
          <p className="text-muted">
            {t('login.resendIn')} <span className="font-semibold tabular-nums text-ink">{countdown(left)}</span>
          </p>
        ) : (
          <p className="flex items-center gap-2">
            <span className="text-muted">{t('login.resendAvailable')}</span>
            <button
              type="button"
              onClick={() => void resend()}
              className="rounded-lg px-2 py-2 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              {t('login.resend')}
            </button>
          </p>
        )}
        <button
          type="button"
          onClick={changeEmail}
          className="rounded-lg px-2 py-2 font-medium text-muted underline underline-offset-2 hover:text-ink"
        >
          {t('login.changeEmail')}
        </button>
      </div>
    </form>
  );
}

function LoginFooter() {
  const t = useT();
  const lang = useLang();
  return (
    <>
      <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        {t('login.or')}
        <span className="h-px flex-1 bg-line" />
      </div>

      <section aria-labelledby="aadhaar-title" className="rounded-xl border border-dashed border-stone-300 bg-canvas p-4">
        <div className="flex items-center justify-between gap-2">
          <h3 id="aadhaar-title" className="font-semibold">
            {t('login.aadhaarTitle')}
          </h3>
          <span className="whitespace-nowrap rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
            {t('login.aadhaarSoon')}
          </span>
        </div>
        <p className="mt-1 text-sm text-muted">{t('login.aadhaarText')}</p>
      </section>

      <p className="mt-5 text-center text-xs text-muted">
        {t('login.agreeStart')}{' '}
        <a href={siteHref('/terms-conditions', lang)} className="font-medium text-brand-700 underline underline-offset-2">
          {t('login.terms')}
        </a>{' '}
        {t('login.and')}{' '}
        <a href={siteHref('/privacy', lang)} className="font-medium text-brand-700 underline underline-offset-2">
          {t('login.privacy')}
        </a>
        {lang === 'en' ? '' : ' '}
        {t('login.agreeEnd')}
      </p>
    </>
  );
}

/** What changed in the notice since the member last agreed (a material change asks them again), with the full text a link away. */
function NoticeChanges({ changes }: { changes: ConsentStatus['changes'] }) {
  const t = useT();
  const lang = useLang();
  return (
    <div role="note" aria-labelledby="notice-changes-title" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-ink">
      <h4 id="notice-changes-title" className="font-semibold">
        {t('login.notice.changedTitle')}
      </h4>
      {changes.map((change) => (
        <div key={change.version} className="mt-2">
          <p className="text-xs text-muted">{t('login.notice.changedOn', { date: formatDate(new Date(change.effective), lang) })}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {change.changes.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </div>
      ))}
      <p className="mt-2">
        <a href={siteHref('/privacy', lang)} target="_blank" className="font-medium text-brand-700 underline underline-offset-2">
          {t('login.notice.readFull')}
        </a>
        {' · '}
        <a href={siteHref('/privacy/history', lang)} target="_blank" className="font-medium text-brand-700 underline underline-offset-2">
          {t('site.pageHistory')}
        </a>
      </p>
    </div>
  );
}

/** The privacy notice at the first sign-in (and after it changes): what is processed and why, the rights, the adult rule. */
function NoticeStep() {
  const t = useT();
  const lang = useLang();
  const notice = noticeText(t);
  const flow = useStore($loginFlow);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="notice-title" className="mt-5 text-sm">
      <h3 id="notice-title" ref={headingRef} tabIndex={-1} className="text-base font-bold">
        {notice.title}
      </h3>
      {flow.consent?.consented_version != null && flow.consent.changes.length > 0 && <NoticeChanges changes={flow.consent.changes} />}
      <p className="mt-1 text-muted">{t('login.notice.keepNothing')}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {notice.items.map((item) => (
          <li key={item.what}>
            {item.what}: <span className="text-muted">{item.why}.</span>
          </li>
        ))}
      </ul>
      <h4 className="mt-3 font-semibold">{t('login.notice.rights')}</h4>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {notice.rights.map((right) => (
          <li key={right}>{right}</li>
        ))}
      </ul>
      <p className="mt-3">
        {t('login.notice.detailsStart')}{' '}
        <a href={siteHref('/privacy', lang)} target="_blank" className="font-medium text-brand-700 underline underline-offset-2">
          {t('site.nav.privacy')}
        </a>
        . {t('login.notice.complaints')}{' '}
        <a href="/grievance" target="_blank" className="font-medium text-brand-700 underline underline-offset-2">
          {t('login.notice.grievance')}
        </a>
        .
      </p>
      <p className="mt-3 font-semibold">{notice.adultOnly}</p>
      <FieldError id="notice-error" message={flow.error} keepSpace />
      <div className="mt-2 flex flex-col gap-2">
        <button type="button" onClick={() => void agreeToNotice()} className="btn btn-primary w-full">
          {t('login.notice.agree')}
        </button>
        <button type="button" onClick={() => void declineAsMinor()} className="btn w-full border border-line">
          {t('login.notice.minor')}
        </button>
      </div>
    </section>
  );
}

/** Under 18: sign-up stopped, the new account already erased. */
function RefusedStep() {
  const t = useT();
  const flow = useStore($loginFlow);
  return (
    <section className="mt-5">
      <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
        {flow.error}
      </p>
      <button
        type="button"
        onClick={() => {
          resetLoginFlow();
          closeLogin();
        }}
        className="btn mt-4 w-full border border-line"
      >
        {t('login.notice.backToSite')}
      </button>
    </section>
  );
}

export default withLang(LoginModal);
