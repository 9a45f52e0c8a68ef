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
  emailChange: {
    subject: '[캐롤] 새 이메일 주소를 확인해 주세요',
    body: '캐롤 계정의 이메일 주소를 이 주소로 변경하려는 요청을 받았습니다.\n\n아래 링크를 열어 변경을 완료해 주세요. 캐롤에 로그인한 상태에서 한 번, 24시간 동안 사용할 수 있습니다.\n\n{{link}}\n\n요청하지 않으셨다면 이 메일을 무시해 주세요.',
  },
  emailChangeTaken: {
    subject: '[캐롤] 이미 사용 중인 이메일 주소입니다',
    body: '누군가 캐롤 계정의 이메일 주소를 이 주소로 변경하려고 했지만, 이 주소는 이미 다른 캐롤 계정에서 사용 중입니다.\n\n요청하지 않으셨다면 이 메일을 무시해 주세요.',
  },
  emailChangeRequested: {
    subject: '[캐롤] 이메일 주소 변경이 요청되었습니다',
    body: '캐롤 계정의 이메일 주소를 {{email}}(으)로 변경하는 요청이 있었습니다. 새 주소로 보낸 메일의 링크를 열어야 변경이 완료됩니다.\n\n본인이 요청하지 않았다면 바로 비밀번호를 재설정해 주세요: {{resetLink}}',
  },
  emailChanged: {
    subject: '[캐롤] 이메일 주소가 변경되었습니다',
    body: '캐롤 계정의 이메일 주소가 {{email}}(으)로 변경되었습니다. 이제 이 주소로는 로그인할 수 없습니다.\n\n본인이 변경하지 않았다면 고객센터로 연락해 주세요.',
  },
  bookingConfirmed: {
    subject: '[캐롤] {{shop}} 예약이 확정되었습니다 ({{date}} {{time}})',
    body: '{{name}}님, 예약이 확정되었습니다.\n\n예약번호: {{number}}\n매장: {{shop}}\n주소: {{address}}\n일시: {{date}} {{time}} ({{duration}}분)\n디자이너: {{designer}}\n시술: {{menus}}\n결제 금액: {{total}} (매장에서 결제)\n\n첨부한 캘린더 파일(.ics)을 열면 일정에 추가할 수 있습니다.\n예약 확인 및 취소: {{link}}\n예약 시작 시간이 지나면 취소할 수 없습니다.',
  },
  bookingRescheduled: {
    subject: '[캐롤] {{shop}} 예약이 {{date}} {{time}}(으)로 변경되었습니다',
    body: '{{name}}님, 예약이 변경되었습니다.\n\n예약번호: {{number}} (변경 없음)\n매장: {{shop}}\n주소: {{address}}\n변경 전: {{previous}}\n변경 후: {{date}} {{time}} ({{duration}}분)\n디자이너: {{designer}}\n시술: {{menus}}\n결제 금액: {{total}} (매장에서 결제)\n\n첨부한 캘린더 파일(.ics)을 열면 일정이 새 시간으로 바뀝니다.\n예약 확인, 변경 및 취소: {{link}}',
  },
  bookingRescheduledByShop: {
    subject: '[캐롤] {{shop}}에서 예약 시간을 {{date}} {{time}}(으)로 변경했습니다',
    body: '{{name}}님, 매장에서 예약 시간을 변경했습니다.\n\n예약번호: {{number}} (변경 없음)\n매장: {{shop}}\n변경 전: {{previous}}\n변경 후: {{date}} {{time}} ({{duration}}분)\n디자이너: {{designer}}\n시술: {{menus}}\n\n첨부한 캘린더 파일(.ics)을 열면 일정이 새 시간으로 바뀝니다. 시간이 맞지 않으면 매장({{phone}})에 문의하시거나 예약을 취소해 주세요: {{link}}',
  },
  bookingCancelledByShop: {
    subject: '[캐롤] {{shop}} 예약이 매장 사정으로 취소되었습니다',
    body: '{{name}}님, 죄송합니다. 아래 예약이 매장에 의해 취소되었습니다.\n\n예약번호: {{number}}\n매장: {{shop}}\n일시: {{date}} {{time}}\n디자이너: {{designer}}\n취소 사유: {{reason}}\n\n다른 시간으로 다시 예약하시거나 매장({{phone}})에 문의해 주세요.\n예약 내역: {{link}}',
  },
  salonBookingRescheduled: {
    subject: '[캐롤] 예약 변경 알림: {{customer}}님 {{date}} {{time}} (예약번호 {{number}})',
    body: '{{shop}}의 예약을 고객이 캐롤에서 변경했습니다.\n\n예약번호: {{number}} (변경 없음)\n고객: {{customer}}님\n변경 전: {{previous}} ({{previousDesigner}})\n변경 후: {{date}} {{time}} ({{duration}}분)\n디자이너: {{designer}}\n시술: {{menus}}\n\n변경 전 시간은 다시 예약을 받을 수 있습니다. 예약 목록은 매장 콘솔에서 확인하세요.\n이 알림은 매장 콘솔의 알림 설정에서 끌 수 있습니다.',
  },
  salonBookingCancelled: {
    subject: '[캐롤] 예약 취소 알림: {{customer}}님 {{date}} {{time}} (예약번호 {{number}})',
    body: '{{shop}}의 예약을 고객이 캐롤에서 취소했습니다.\n\n예약번호: {{number}}\n고객: {{customer}}님\n일시: {{date}} {{time}} ({{duration}}분)\n디자이너: {{designer}}\n시술: {{menus}}\n\n이 시간은 다시 예약을 받을 수 있습니다.\n이 알림은 매장 콘솔의 알림 설정에서 끌 수 있습니다.',
  },
  bookingCancelReasonNone: '매장에서 사유를 남기지 않았습니다.',
  bookingCalendarTitle: '{{shop}} 예약 ({{designer}})',
};
