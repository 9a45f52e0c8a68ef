/**
 * Sign-up consents, the Google / Apple consent step and the sign-up-complete screen.
 * Item labels follow the market: kr shows terms, collection and use, 14 or over and marketing;
 * jp shows terms, privacy policy and the newsletter (ADR 025).
 */
export const signup = {
  consents: {
    legend: '약관 동의',
    all: '전체 동의',
    allHint: '필수 항목과 선택 항목(마케팅 정보 수신)에 모두 동의합니다.',
    required: '필수',
    optional: '선택',
    view: '보기',
    viewLabel: '{{item}} 내용 보기',
    agree: '동의하기',
    items: {
      terms: '서비스 이용약관 동의',
      privacy: '개인정보 수집 및 이용 동의',
      age: '만 14세 이상입니다',
      marketing: '마케팅 정보 수신 동의 (이메일·SMS)',
    },
    privacy: {
      intro: '캐롤은 회원가입과 서비스 제공을 위해 아래와 같이 개인정보를 수집·이용합니다.',
      itemsLabel: '수집 항목',
      items:
        '이름, 이메일 주소, 비밀번호(암호화 저장), 서비스 국가와 언어. Google·Apple로 가입하면 외부 계정 식별값과 이메일 주소.',
      purposeLabel: '수집·이용 목적',
      purpose: '회원 식별과 가입·탈퇴 처리, 살롱 예약과 예약 안내, 고객 문의 응대',
      retentionLabel: '보유·이용 기간',
      retention:
        '회원 탈퇴 또는 동의 철회 시까지. 관련 법령에 따라 보관해야 하는 기록은 그 기간 동안 보관합니다.',
      refusal:
        '개인정보 수집·이용에 동의하지 않을 권리가 있습니다. 다만 동의하지 않으면 회원가입을 할 수 없습니다.',
      fullPolicy: '개인정보처리방침 전체 보기',
    },
    age: {
      body: '만 14세 미만 아동의 개인정보를 처리하려면 법정대리인의 동의가 필요하므로, 캐롤은 만 14세 이상만 가입할 수 있습니다.',
    },
    marketing: {
      body: '새로 문을 연 살롱, 할인 쿠폰, 이벤트 소식을 이메일과 문자 메시지(SMS)로 보내 드립니다.',
      optional:
        '동의하지 않아도 회원가입과 서비스 이용에 제한이 없으며, 설정에서 언제든지 변경할 수 있습니다.',
    },
    fullTerms: '이용약관 전체 보기',
  },
  oidc: {
    heading: '약관에 동의하고 가입을 마무리해 주세요',
    lead: '{{provider}} 계정으로 캐롤에 처음 오셨어요. 아래 약관에 동의하면 가입이 완료됩니다.',
    account: '가입할 계정',
    submit: '동의하고 가입하기',
    submitting: '가입 중…',
    failureTitle: '가입을 마치지 못했습니다',
    expired: '가입 시간이 지났습니다. 처음부터 다시 진행해 주세요.',
    restart: '로그인 화면으로',
    cancel: '가입하지 않기',
  },
  welcome: {
    heading: '{{name}}님, 가입을 환영해요!',
    headingNoName: '가입을 환영해요!',
    body: '캐롤 회원가입이 완료되었습니다. 이제 예약, 즐겨찾기, 가상체험 저장을 이용할 수 있어요.',
    nextTitle: '이렇게 시작해 보세요',
    findSalon: '내 주변 살롱 찾기',
    findSalonBody: '지역이나 지도로 가까운 살롱과 디자이너를 찾아보세요.',
    tryColour: '헤어 컬러 체험하기',
    tryColourBody: '사진 한 장으로 어울리는 컬러를 미리 확인해 보세요.',
    continue: '하던 곳으로 돌아가기',
    home: '홈으로',
    marketingOn: '{{date}}에 마케팅 정보 수신(이메일·SMS)에 동의하셨습니다.',
    marketingOff: '마케팅 정보 수신(이메일·SMS)에 동의하지 않으셨습니다.',
    marketingChange: '설정에서 언제든지 변경할 수 있어요.',
  },
  settings: {
    title: '마케팅 정보 수신',
    label: '이메일·SMS로 혜택과 이벤트 소식 받기',
    on: '{{date}}에 수신에 동의했습니다.',
    off: '{{date}}부터 받지 않고 있습니다.',
    never: '마케팅 정보 수신에 동의하지 않으셨습니다.',
    savedOn: '마케팅 정보 수신에 동의했습니다. ({{date}})',
    savedOff: '마케팅 정보 수신 동의를 철회했습니다. ({{date}})',
    failed: '변경하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  },
};
