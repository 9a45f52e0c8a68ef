/** Phone PIN sign-in, phone number create/change, and the SMS texts. */
export const phone = {
  fields: {
    tel: '휴대폰 번호',
    code: '인증번호',
    password: '현재 비밀번호',
  },
  placeholders: {
    kr: '010-1234-5678',
    jp: '090-1234-5678',
    code: '숫자 6자리',
  },
  code: {
    send: '인증번호 받기',
    sending: '보내는 중…',
    sentTo: '<strong>{{tel}}</strong>(으)로 인증번호를 보냈습니다.',
    remaining: '남은 시간',
    expired: '유효시간이 지났습니다. 인증번호를 다시 받아 주세요.',
    resend: '인증번호 다시 받기',
    resendIn: '{{seconds}}초 후 다시 받기',
    sendIn: '{{seconds}}초 후 받을 수 있어요',
    tooSoon: '인증번호는 1분에 한 번 받을 수 있어요. 잠시 후 다시 받아 주세요.',
    changeNumber: '번호 변경',
    required: '인증번호 6자리를 입력해 주세요.',
    notArrived: '인증번호가 오지 않나요? 입력한 번호를 확인하고 잠시 후 다시 받아 주세요.',
    notArrivedShort: '인증번호가 오지 않나요?',
  },
  login: {
    heading: '휴대폰 번호로 로그인',
    lead: '스마트 미러에서 가입할 때 등록한 휴대폰 번호로 인증번호를 보내 드립니다.',
    eligibility:
      '휴대폰 로그인은 2024년 이전에 스마트 미러로 가입한 회원만 이용할 수 있습니다. 그 밖의 회원은 이메일로 로그인해 주세요.',
    submit: '로그인',
    submitting: '로그인 중…',
    failureTitle: '로그인하지 못했습니다',
    emailLogin: '이메일로 로그인',
  },
  settings: {
    createTel: {
      heading: '휴대폰 번호 등록',
      lead: '등록할 휴대폰 번호로 인증번호를 보내 드립니다. 인증을 마치면 예약, QR 로그인, 데이터 연동을 이용할 수 있습니다.',
      submit: '인증하고 등록하기',
      done: '휴대폰 번호를 등록했습니다.',
    },
    changeTel: {
      heading: '휴대폰 번호 변경',
      lead: '새 휴대폰 번호로 인증번호를 보내 드립니다. 인증을 마치면 번호가 바뀝니다.',
      current: '현재 번호',
      submit: '인증하고 변경하기',
      done: '휴대폰 번호를 변경했습니다.',
    },
    passwordHint: '본인 확인을 위해 현재 비밀번호를 입력해 주세요.',
    passwordRequired: '현재 비밀번호를 입력해 주세요.',
    reauthHint: '보안을 위해 로그인한 지 10분이 지났다면 다시 로그인한 뒤 변경할 수 있습니다.',
    relogin: '다시 로그인하기',
    failureTitle: '처리하지 못했습니다',
  },
  server: {
    codeSent: '인증번호를 보냈습니다. {{minutes}}분 안에 입력해 주세요.',
    verified: '휴대폰 번호가 인증되었습니다.',
  },
  sms: {
    loginCode: '[캐롤] 로그인 인증번호 [{{code}}]를 입력해 주세요. {{minutes}}분 동안 유효합니다.',
    verifyCode:
      '[캐롤] 휴대폰 번호 인증번호 [{{code}}]를 입력해 주세요. {{minutes}}분 동안 유효합니다.',
    notEligible:
      '[캐롤] 이 번호로 휴대폰 로그인이 요청되었지만, 이 계정은 휴대폰 로그인을 이용할 수 없습니다. 이메일로 로그인해 주세요: {{link}}',
  },
};
