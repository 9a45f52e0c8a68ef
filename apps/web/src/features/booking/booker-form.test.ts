import { describe, expect, it } from 'vitest';
import { bookerProblems, type BookerDraft } from './booker-form';

const valid: BookerDraft = {
  name: '김하늘',
  requestNote: '',
  agreePersonalInfo: true,
  agreeThirdParty: true,
};

describe('check step rules', () => {
  it('accepts a named booker with both consents and an ordinary request', () => {
    for (const requestNote of [
      '',
      '앞머리는 짧게 잘라 주세요',
      'I am allergic to ammonia',
      '前髪は長めに残してください',
    ]) {
      expect(bookerProblems({ ...valid, requestNote })).toEqual({});
    }
  });

  it.each([
    '예약 시간 변경 부탁드려요',
    '3시로 바꿔 주실 수 있나요?',
    'Could you move my appointment to 3pm?',
    'Can I reschedule?',
    '15時に変更できますか',
    '予約時間を変更したいです',
  ])('refuses a request note that asks to change the time: %s', (requestNote) => {
    expect(bookerProblems({ ...valid, requestNote })).toEqual({ request: 'requestTimeChange' });
  });

  it('needs a name and both mandatory consents', () => {
    expect(bookerProblems({ ...valid, name: '   ' })).toEqual({ name: 'nameRequired' });
    expect(bookerProblems({ ...valid, agreeThirdParty: false })).toEqual({
      consents: 'consentRequired',
    });
    expect(bookerProblems({ ...valid, agreePersonalInfo: false })).toEqual({
      consents: 'consentRequired',
    });
  });
});
