/** Booking reminders: the mail and SMS, the one-tap link screen, the settings toggles (ADR 050). */
export const reminders = {
  mail: {
    subject: '[캐롤] 예약 알림: {{date}} {{time}} {{shop}}',
    body: '{{name}}님, 예약을 알려 드립니다.\n\n살롱: {{shop}}\n일시: {{date}} {{time}}\n디자이너: {{designer}}\n메뉴: {{menus}}\n예약 번호: {{number}}\n\n예약 보기: {{viewLink}}\n예약 취소: {{cancelLink}}\n\n링크는 예약 시작 시각까지 사용할 수 있습니다. 알림은 마이페이지 설정에서 끌 수 있습니다.',
  },
  sms: '[캐롤] 예약 알림 {{date}} {{time}} {{shop}}. 보기 {{viewLink}} 취소 {{cancelLink}}',
  link: {
    title: '예약 확인',
    cancelTitle: '예약 취소',
    loading: '예약을 불러오는 중입니다…',
    number: '예약 번호',
    shop: '살롱',
    when: '일시',
    designer: '디자이너',
    menus: '메뉴',
    status: '상태',
    statusReserved: '예약됨',
    statusCancelled: '취소됨',
    statusVisited: '방문 완료',
    cancelButton: '이 예약 취소하기',
    confirmQuestion: '정말 이 예약을 취소할까요? 취소하면 되돌릴 수 없습니다.',
    confirmYes: '예, 취소합니다',
    confirmNo: '돌아가기',
    cancelled: '예약이 취소되었습니다.',
    cannotCancel: '이 예약은 더 이상 취소할 수 없습니다.',
    openApp: '마이페이지에서 예약 보기',
  },
  settings: {
    title: '예약 알림',
    description:
      '예약 전에 살롱이 정한 시각(기본 24시간 전과 2시간 전)에 알림을 보냅니다. 밤 9시부터 아침 8시 사이에는 보내지 않습니다.',
    email: '이메일로 알림 받기',
    sms: '문자(SMS)로 알림 받기',
    saved: '저장했습니다.',
  },
};
