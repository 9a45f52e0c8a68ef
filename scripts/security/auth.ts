/**
 * Sign-in and code abuse: wrong passwords from many addresses must not lock out the owner on a
 * device that signed in before; a guesser (one address or many) is still throttled; SMS codes
 * cannot be guessed; reset_password answers a known and an unknown address alike.
 */
import { join } from 'node:path';
import { smsOutbox } from '../../services/server/test/sms-outbox.js';
import { buildMember } from '../../services/server/test/factories.js';
import {
  brief,
  check,
  Client,
  freshAddress,
  isEnvelopeRefusal,
  isSuccess,
  show,
} from './harness.js';
import { freshPhone, password, type World } from './world.js';

const login = (c: Client, email: string, pw: string) =>
  c.call('/api/userapi/login/login', { email, password: pw });

export async function signInAbuse(w: World): Promise<void> {
  // 1. The owner is not locked out by someone else's wrong guesses.
  const carol = await w.member('carol');
  const device = carol.client; // signed in once: whatever it keeps (a trusted-device cookie) stays
  await device.call('/api/carol/account/logout', {}, { origin: w.base });
  const guesses = [];
  for (let i = 0; i < 12; i++) {
    guesses.push(await login(new Client(w.base, 'guesser'), carol.email, `Wrong-${i}-pass`));
  }
  const owner = await login(device, carol.email, password);
  check(
    `the owner's right password on a device that signed in before works after 12 wrong guesses from 12 addresses`,
    isSuccess(owner),
    `${brief(owner)} (guesses answered ${show(guesses.map((g) => g.status))})`,
  );

  // 2. A guesser spread over many addresses is still throttled on the account.
  const dave = await w.member('dave');
  await dave.client.call('/api/carol/account/logout', {}, { origin: w.base });
  const spread = [];
  for (let i = 0; i < 25; i++) {
    spread.push(await login(new Client(w.base, 'spread'), dave.email, `Wrong-${i}-pass`));
  }
  const evaluated = spread.filter((r) => r.json?.resCode === 'WRONG_CREDENTIALS').length;
  const throttled = spread.filter((r) => r.status === 429).length;
  check(
    `25 wrong passwords on one account from 25 addresses: at most 12 are evaluated, the rest throttled`,
    evaluated <= 12 && throttled >= 13 && spread.every((r) => r.status < 500),
    `${evaluated} evaluated, ${throttled} × 429, statuses ${show(spread.map((r) => r.status))}`,
  );
  const lucky = await login(new Client(w.base, 'lucky'), dave.email, password);
  check(
    `after that, the right password from a new address without the device cookie is refused`,
    !isSuccess(lucky) && lucky.status === 429,
    brief(lucky),
  );
  const throttledAnswer = spread.find((r) => r.status === 429);
  check(
    'a throttled sign-in answers the error envelope with a message',
    !!throttledAnswer &&
      typeof throttledAnswer.json?.resMessage === 'string' &&
      isEnvelopeRefusal(throttledAnswer),
    throttledAnswer ? brief(throttledAnswer) : 'no 429',
  );

  // 3. One address spraying many accounts is throttled.
  const sprayer = new Client(w.base, 'sprayer', freshAddress());
  const spray = [];
  for (let i = 0; i < 35; i++)
    spray.push(await login(sprayer, `ghost${i}@security.test`, 'Wrong-pass-1'));
  check(
    `35 sign-ins from one address are throttled (429 before the end)`,
    spray.some((r) => r.status === 429),
    show(spray.map((r) => r.status)),
  );

  // 4. SMS codes: a wrong guess burns an attempt; after the cap even the right code is refused.
  const outbox = smsOutbox(join(w.dataDir, 'outbox'));
  const erin = await w.member('erin');
  const newPhone = '010-9911-2233';
  const sent = await erin.client.call(
    '/shop-api/carol/mypage/send_verification_code',
    { tel: newPhone, password },
    { origin: w.base },
  );
  if (check('send_verification_code works (control)', isSuccess(sent), brief(sent))) {
    await outbox.waitFor(newPhone);
    const code = outbox.codeFor(newPhone);
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = [];
    for (let i = 0; i < 8; i++) {
      tries.push(
        await erin.client.call(
          '/shop-api/carol/mypage/check_verification_code',
          { tel: newPhone, code: wrong },
          { origin: w.base },
        ),
      );
    }
    const right = await erin.client.call(
      '/shop-api/carol/mypage/check_verification_code',
      { tel: newPhone, code },
      { origin: w.base },
    );
    check(
      'after 8 wrong verification codes the right one is refused (guessing is capped)',
      !isSuccess(right) && tries.every((t) => !isSuccess(t) && t.status < 500),
      `${show(tries.map((t) => t.json?.resCode ?? t.status))} then ${brief(right)}`,
    );
  }
  // Simple (phone) sign-in codes: the same cap, from many addresses.
  // Phone sign-in is for members who joined at a smart mirror before the cut-off (ADR 009).
  const frank = await buildMember(w.database.db, {
    phone: freshPhone(),
    joinedVia: 'smart_mirror',
    createdAt: new Date('2020-01-01T00:00:00Z'),
  });
  const smsSent = await new Client(w.base, 'sms').call(
    '/api/userapi/login/send_sms_for_simple_login',
    {
      tel: frank.phone!,
    },
  );
  if (check('send_sms_for_simple_login works (control)', isSuccess(smsSent), brief(smsSent))) {
    await outbox.waitFor(frank.phone!);
    const code = outbox.codeFor(frank.phone!);
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = [];
    for (let i = 0; i < 8; i++) {
      tries.push(
        await new Client(w.base, 'pin-guesser').call('/api/userapi/login/simple_login', {
          tel: frank.phone!,
          code: wrong,
        }),
      );
    }
    const right = await new Client(w.base, 'pin-guesser').call('/api/userapi/login/simple_login', {
      tel: frank.phone!,
      code,
    });
    check(
      'after 8 wrong sign-in codes from 8 addresses the right one is refused',
      !isSuccess(right) && tries.every((t) => !isSuccess(t) && t.status < 500),
      `${show(tries.map((t) => t.json?.resCode ?? t.status))} then ${brief(right)}`,
    );
  }

  // 5. reset_password: a known and an unknown address get the same answer.
  const ask = (email: string) =>
    new Client(w.base, 'reset').call('/api/userapi/reset_password', { email });
  const shape = (a: Awaited<ReturnType<typeof ask>>) => {
    const j = { ...(a.json ?? {}) };
    delete j.request_id;
    if (typeof j.email === 'string') j.email = '<the address asked>';
    return show({ status: a.status, json: j, cookie: a.headers['set-cookie'] !== undefined });
  };
  const known: number[] = [];
  const unknown: number[] = [];
  let same = true;
  let sample = '';
  await ask('warmup@security.test');
  for (let i = 0; i < 16; i++) {
    const k = await ask(w.bob.email);
    const u = await ask(`nobody-${i}@security.test`);
    known.push(k.ms);
    unknown.push(u.ms);
    if (shape(k) !== shape(u)) {
      same = false;
      sample = `${shape(k)} vs ${shape(u)}`;
    }
  }
  check('reset_password answers a known and an unknown address with the same shape', same, sample);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const k = median(known);
  const u = median(unknown);
  // A figure, not a verdict: on this machine the known path measured 1–9 ms slower on main
  // (2.8 vs 2.1 ms quiet, 17.6 vs 8.5 ms busy), too close to the noise for a check that must
  // never flake in CI. The same-work rule belongs in the reset service's own test.
  process.stdout.write(
    `  · reset_password median of 16 interleaved pairs: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms (figure only)\n`,
  );
}
