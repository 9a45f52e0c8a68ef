/** E-mail sign-in, registration and logout screens. */
export const auth = {
  fields: {
    email: '이메일',
    password: '비밀번호',
    familyName: '성',
    givenName: '이름',
  },
  placeholders: {
    email: 'name@example.com',
    password: '비밀번호',
    newPassword: '영문 대·소문자, 숫자, - _ ! 포함 8~12자',
  },
  fieldErrors: {
    email: '올바른 이메일 주소를 입력해 주세요.',
    passwordRequired: '비밀번호를 입력해 주세요.',
  },
  login: {
    heading: '캐롤에 오신 것을 환영해요',
    submit: '로그인',
    submitting: '로그인 중…',
    failureTitle: '로그인에 실패했습니다',
    register: '이메일로 회원가입',
    findPassword: '비밀번호 찾기',
    phoneLogin: '휴대폰 번호로 로그인',
  },
  register: {
    heading: '이메일로 회원가입',
    lead: '가입 후 입력하신 이메일로 인증 링크를 보내 드려요.',
    submit: '가입하기',
    submitting: '가입 중…',
    failureTitle: '회원가입에 실패했습니다',
    haveAccount: '이미 계정이 있어요',
  },
  checkMail: {
    heading: '메일함을 확인해 주세요',
    body: '{{email}} 주소로 인증 메일을 보냈어요. 메일의 링크를 24시간 안에 눌러 가입을 완료해 주세요.',
    hint: '메일이 오지 않으면 스팸함을 확인하거나 다시 가입해 주세요.',
    back: '로그인으로',
  },
  activate: {
    working: '가입을 완료하는 중…',
    failureTitle: '인증에 실패했습니다',
    again: '다시 가입하기',
    welcome: '가입이 완료되었어요. 환영합니다!',
  },
  logout: {
    action: '로그아웃',
    done: '로그아웃되었습니다.',
  },
};
