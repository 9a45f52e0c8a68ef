/** Transactional mails (subjects and plain-text bodies). Links are filled in by the server. */
export const mail = {
  signature: '캐롤 드림\n이 메일은 발신 전용입니다.',
  registration: {
    subject: '[캐롤] 회원가입을 완료해 주세요',
    body: '{{name}}님, 캐롤에 가입해 주셔서 감사합니다.\n\n아래 링크를 눌러 이메일 인증을 완료해 주세요. 링크는 24시간 동안 한 번만 사용할 수 있습니다.\n\n{{link}}\n\n본인이 요청하지 않았다면 이 메일을 무시해 주세요.',
  },
  alreadyRegistered: {
    subject: '[캐롤] 이미 가입된 이메일입니다',
    body: '이 이메일 주소로 회원가입 요청이 있었지만, 이미 캐롤 계정이 있습니다.\n\n로그인: {{loginLink}}\n비밀번호가 기억나지 않으면 여기에서 재설정하세요: {{resetLink}}\n\n본인이 요청하지 않았다면 이 메일을 무시해 주세요.',
  },
  passwordReset: {
    subject: '[캐롤] 비밀번호 재설정 안내',
    body: '비밀번호 재설정 요청을 받았습니다.\n\n아래 링크에서 새 비밀번호를 설정해 주세요. 링크는 30분 동안 한 번만 사용할 수 있습니다.\n\n{{link}}\n\n본인이 요청하지 않았다면 이 메일을 무시해 주세요. 비밀번호는 변경되지 않습니다.',
  },
};
