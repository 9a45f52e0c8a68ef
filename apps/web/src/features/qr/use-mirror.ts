import { useCallback, useEffect, useRef, useState } from 'react';
import QRCode from 'qrcode';
import {
  getQrSessionStatus,
  getUserInfo,
  logout,
  openQrSession,
  qrLimits,
  type Language,
  type QrPurpose,
} from '@carol/contracts';
import { isApiError } from '../../lib/api/api-error';
import { callEndpoint } from '../../lib/api/client';
import { personName } from './qr-code';

/** The console key lives in this tab only (sessionStorage), never in a URL or a cookie. */
const keyStorage = 'carol-mirror-console-key';

export function readConsoleKey(): string | null {
  try {
    return sessionStorage.getItem(keyStorage);
  } catch {
    return null;
  }
}

function storeConsoleKey(key: string | null): void {
  try {
    if (key) sessionStorage.setItem(keyStorage, key);
    else sessionStorage.removeItem(keyStorage);
  } catch {
    // private mode without storage: the key lives in memory for this page only
  }
}

export interface ShownCode {
  id: number;
  purpose: QrPurpose;
  code: string;
  url: string;
  /** ms since epoch */
  deadline: number;
  image: string;
}

export type MirrorPhase =
  | { kind: 'key'; rejected: boolean }
  | { kind: 'opening' }
  | { kind: 'showing'; shown: ShownCode }
  | { kind: 'welcome'; name: string; token: string; minutes: number }
  /** A member confirmed a "link" code: their account is linked with this salon. */
  | { kind: 'linked'; name: string | null };

/** How long the mirror shows "linked" before a fresh code. */
export const linkedNoticeMs = 8_000;

const retryAfterMs = 3_000;

/**
 * The smart-mirror kiosk: opens a QR session with the console key (Authorization header only),
 * shows it until it expires (then a new one), polls every 1.5 s, and on confirmation collects
 * the member session once and greets the member with it. A "link" code links the
 * member who confirms it with the salon; the mirror then says so and shows a fresh code.
 */
export function useMirror(language: Language) {
  const [key, setKey] = useState<string | null>(() => readConsoleKey());
  const [purpose, setPurposeState] = useState<QrPurpose>('login');
  const [phase, setPhase] = useState<MirrorPhase>(() =>
    readConsoleKey() ? { kind: 'opening' } : { kind: 'key', rejected: false },
  );
  const [connectionProblem, setConnectionProblem] = useState(false);
  const languageRef = useRef(language);
  useEffect(() => {
    languageRef.current = language;
  }, [language]);

  const rejectKey = useCallback(() => {
    storeConsoleKey(null);
    setKey(null);
    setPhase({ kind: 'key', rejected: true });
  }, []);

  const submitKey = useCallback((next: string) => {
    storeConsoleKey(next);
    setKey(next);
    setPhase({ kind: 'opening' });
  }, []);

  const changeKey = useCallback(() => {
    storeConsoleKey(null);
    setKey(null);
    setPhase({ kind: 'key', rejected: false });
  }, []);

  // Opening a code.
  useEffect(() => {
    if (phase.kind !== 'opening' || !key) return;
    let cancelled = false;
    let timer: number | undefined;
    const open = async () => {
      try {
        const opened = await callEndpoint(openQrSession, { purpose }, { bearer: key });
        const image = await QRCode.toDataURL(opened.qr_url, {
          errorCorrectionLevel: 'M',
          margin: 1,
          width: 560,
          color: { dark: '#1d1715', light: '#ffffff' },
        });
        if (cancelled) return;
        setConnectionProblem(false);
        setPhase({
          kind: 'showing',
          shown: {
            id: opened.qr_session_id,
            purpose,
            code: opened.code,
            url: opened.qr_url,
            deadline: Date.now() + opened.expires_in * 1000,
            image,
          },
        });
      } catch (error) {
        if (cancelled) return;
        if (isApiError(error) && error.resCode === 'UNAUTHORIZED') return rejectKey();
        setConnectionProblem(true);
        timer = window.setTimeout(() => void open(), retryAfterMs);
      }
    };
    void open();
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [phase, key, purpose, rejectKey]);

  // Polling while a code is shown; a new code when it expires.
  useEffect(() => {
    if (phase.kind !== 'showing' || !key) return;
    const { shown } = phase;
    let cancelled = false;
    let busy = false;
    const poll = async () => {
      if (busy || cancelled) return;
      if (Date.now() >= shown.deadline) {
        setPhase({ kind: 'opening' });
        return;
      }
      busy = true;
      try {
        const status = await callEndpoint(
          getQrSessionStatus,
          { qr_session_id: shown.id },
          { bearer: key },
        );
        if (cancelled) return;
        setConnectionProblem(false);
        if (shown.purpose === 'link') {
          // A link code is confirmed by the member's user_link_add; the status names them.
          if (status.status === 'confirmed') {
            const who = status.linked_member;
            setPhase({
              kind: 'linked',
              name: who ? personName(languageRef.current, who.family_name, who.given_name) : null,
            });
          } else if (status.status !== 'pending') {
            setPhase({ kind: 'opening' });
          }
          return;
        }
        if (status.status === 'confirmed' && status.session_token) {
          const token = status.session_token;
          const info = await callEndpoint(getUserInfo, {}, { bearer: token });
          if (cancelled) return;
          setPhase({
            kind: 'welcome',
            name: personName(languageRef.current, info.user.family_name, info.user.given_name),
            token,
            minutes: Math.round((status.session_expires_in ?? qrLimits.mirrorSessionSeconds) / 60),
          });
        } else if (status.status !== 'pending') {
          setPhase({ kind: 'opening' });
        }
      } catch (error) {
        if (cancelled) return;
        if (isApiError(error) && error.resCode === 'UNAUTHORIZED') return rejectKey();
        setConnectionProblem(true);
      } finally {
        busy = false;
      }
    };
    const timer = window.setInterval(() => void poll(), qrLimits.pollIntervalMs);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [phase, key, rejectKey]);

  // The member's session on the mirror ends by itself; back to a fresh code then.
  useEffect(() => {
    if (phase.kind !== 'welcome') return;
    const timer = window.setTimeout(() => setPhase({ kind: 'opening' }), phase.minutes * 60 * 1000);
    return () => window.clearTimeout(timer);
  }, [phase]);

  useEffect(() => {
    if (phase.kind !== 'linked') return;
    const timer = window.setTimeout(() => setPhase({ kind: 'opening' }), linkedNoticeMs);
    return () => window.clearTimeout(timer);
  }, [phase]);

  /** Login or link code: switching drops the code on screen and opens one of the other kind. */
  const setPurpose = useCallback((next: QrPurpose) => {
    setPurposeState(next);
    setPhase((current) =>
      current.kind === 'key' || current.kind === 'welcome' ? current : { kind: 'opening' },
    );
  }, []);

  const nextCode = useCallback(() => setPhase({ kind: 'opening' }), []);

  const signOut = useCallback(async () => {
    if (phase.kind !== 'welcome') return;
    try {
      await callEndpoint(logout, {}, { bearer: phase.token });
    } catch {
      // the session expires on its own; the mirror forgets the token either way
    }
    setPhase({ kind: 'opening' });
  }, [phase]);

  return {
    phase,
    purpose,
    setPurpose,
    nextCode,
    connectionProblem,
    submitKey,
    changeKey,
    signOut,
  };
}
