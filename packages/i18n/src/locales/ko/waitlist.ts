/** The waitlist: "tell me if a time opens", its notice by mail and SMS, the member's list (ADR 058). */
export const waitlist = {
  member: '고객',
  mail: {
    subject: '[캐롤] 빈자리 알림: {{date}} {{shop}}',
    body: '{{name}}님, 기다리시던 시간에 빈자리가 생겼습니다.\n\n살롱: {{shop}}\n날짜: {{date}}\n가능한 시간: {{times}}\n\n지금 예약하기: {{link}}\n\n먼저 예약하시는 분께 드립니다. 알림을 받은 뒤에도 다른 분이 먼저 예약하면 마감될 수 있습니다. 빈자리 알림은 날짜가 지나면 자동으로 끝납니다.',
  },
  sms: '[캐롤] 빈자리 알림 {{date}} {{shop}} {{times}}. 먼저 예약하신 분께 드립니다 {{link}}',
  offer: {
    title: '빈자리 알림 받기',
    description:
      '{{date}}에 예약 가능한 시간이 없습니다. 취소로 시간이 나면 이메일과 문자로 바로 알려 드립니다. 먼저 예약하시는 분께 드립니다.',
    designer: '디자이너',
    anyDesigner: '디자이너 상관없음',
    onlyDesigner: '{{name}} 디자이너만',
    window: '원하는 시간대',
    anyTime: '종일',
    between: '시간대 지정',
    from: '부터',
    to: '까지',
    submit: '빈자리 알림 신청',
    joined: '신청했습니다. {{date}}에 시간이 나면 알려 드릴게요.',
    manage: '빈자리 알림 보기',
  },
  list: {
    title: '빈자리 알림',
    count: '{{count}} / {{limit}}건',
    anyTime: '종일',
    anyDesigner: '디자이너 상관없음',
    statusWaiting: '대기 중',
    statusNotified: '알림 보냄',
    statusBooked: '예약 완료',
    book: '예약하기',
    leave: '알림 취소',
    left: '빈자리 알림을 취소했습니다.',
  },
};
