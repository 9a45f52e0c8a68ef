/**
 * Injection and control characters in every text field of every operation (read from the
 * contracts), one field at a time on an otherwise valid body, signed in for member operations.
 * Control characters (NUL and friends) must be refused with the error envelope; SQL and markup
 * must never break anything (no 5xx, a refusal carries a message); the victim's data is unchanged
 * and the database still answers afterwards.
 */
import { addDays, todayIn } from '@carol/contracts';
import { brief, check, isEnvelopeRefusal, pool, show, type Fields } from './harness.js';
import { baseBody, operations } from './operations.js';
import { password, snapshotOf, type World } from './world.js';

const controlPayloads: Array<[string, string]> = [
  ['NUL', 'a\u0000b'],
  ['NUL alone', '\u0000'],
  ['backspace', 'a\u0008b'],
  ['escape', 'a\u001b[31mb'],
  ['bell', 'a\u0007b'],
];
const otherPayloads: Array<[string, string]> = [
  ['SQL quote', "a' OR '1'='1"],
  ['SQL comment', "x'); drop table members; --"],
  ['SQL stacked', '1; select pg_sleep(5); --'],
  ['LIKE wildcards', '%_%\\'],
  ['script tag', '<script>alert(1)</script>'],
  ['markup attribute', '"><img src=x onerror=alert(1)>'],
  ['very long', 'x'.repeat(100_000)],
  ['lone surrogate', 'a\ud800b'],
  ['unicode bidi', 'a\u202eb'],
];

export async function injection(w: World): Promise<void> {
  const before = await snapshotOf(w.alice);
  const attacker = await w.member('mallory');
  // Operations that would end the attacker's session or account are still attacked; the body
  // keeps a wrong password/phrase, so they never succeed.
  const ops = operations(w.config.serviceBases).filter(
    (o) => o.textFields.length > 0 && o.access !== 'console',
  );
  let tried = 0;
  let slot = 0;
  // What makes a body valid for this attacker, so that an attack reaches the database write.
  const valid = (path: string): Fields => {
    if (path.endsWith('/registration/register')) return { password };
    if (path.endsWith('/add_booking')) {
      // Every booking its own free hour (a clash would be refused before the insert).
      const n = slot++;
      return {
        booker_phone: attacker.phone,
        date: addDays(todayIn('Asia/Seoul'), 20 + Math.floor(n / 9)),
        time: `${String(10 + (n % 9)).padStart(2, '0')}:00`,
      };
    }
    return {};
  };
  for (const op of ops) {
    const client = op.access === 'member' ? attacker.client : w.stranger();
    const tasks = op.textFields.flatMap((field) =>
      [...controlPayloads, ...otherPayloads].map(([label, payload]) => async () => {
        const body = { ...baseBody(op, w), ...valid(op.path), [field]: payload };
        const res = await client.call(op.path, body, { origin: w.base });
        return { field, label, control: controlPayloads.some(([l]) => l === label), res };
      }),
    );
    const results = await pool(4, tasks);
    if (process.env.SECURITY_DEBUG && op.path.includes(process.env.SECURITY_DEBUG))
      for (const r of results)
        process.stdout.write(`    ${r.field} ${r.label}: ${brief(r.res).slice(0, 160)}\n`);
    tried += results.length;
    const crashes = results.filter((r) => r.res.status >= 500 || r.res.status === 0);
    check(
      `${op.path}: no 5xx for any injected text (${results.length} tried)`,
      crashes.length === 0,
      crashes
        .slice(0, 4)
        .map((r) => `${r.field} ${r.label}: ${brief(r.res)}`)
        .join('\n'),
    );
    // Passwords are secrets, not text shown anywhere: any character may be part of one.
    const accepted = results.filter(
      (r) => r.control && !/password/.test(r.field) && !isEnvelopeRefusal(r.res),
    );
    check(
      `${op.path}: control characters in ${op.textFields.filter((f) => !/password/.test(f)).join(', ')} are refused with a message`,
      accepted.length === 0,
      accepted
        .slice(0, 4)
        .map((r) => `${r.field} ${r.label}: ${brief(r.res)}`)
        .join('\n'),
    );
    const bare = results.filter(
      (r) => r.res.status >= 400 && r.res.status < 500 && !isEnvelopeRefusal(r.res),
    );
    check(
      `${op.path}: every refusal carries the error envelope with a localized message`,
      bare.length === 0,
      bare
        .slice(0, 3)
        .map((r) => `${r.field} ${r.label}: ${brief(r.res)}`)
        .join('\n'),
    );
    const echoed = results.filter(
      (r) =>
        r.label === 'script tag' &&
        String(r.res.headers['content-type'] ?? '').includes('html') &&
        r.res.text.includes('<script>alert(1)'),
    );
    check(`${op.path}: no markup is echoed as HTML`, echoed.length === 0, show(echoed.length));
  }
  process.stdout.write(`  · ${tried} injected fields over ${ops.length} operations\n`);

  // The database still answers, and the victim's data is as it was.
  const detail = await w.stranger().call('/api/carol/shop/getShopDetail', { shop_id: w.shopId });
  check('the database still answers after the injections', detail.status === 200, brief(detail));
  const after = await snapshotOf(w.alice);
  const changed = Object.keys(before).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  check(`alice's data is unchanged by the injections`, changed.length === 0, changed.join('\n'));
}
