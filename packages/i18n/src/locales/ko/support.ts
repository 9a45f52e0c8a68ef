/** Footer forms: customer inquiry and ad/partnership inquiry. */
export const support = {
  inquiry: {
    heading: '무엇을 도와드릴까요?',
    intro:
      '서비스 이용 중 불편한 점이나 궁금한 점을 남겨 주세요. 영업일 기준 2일 이내에 이메일로 답변드립니다.',
  },
  partnership: {
    heading: '캐롤과 함께 성장해요',
    intro: '살롱 입점, 광고 집행, 브랜드 제휴를 제안해 주세요. 담당자가 검토 후 연락드립니다.',
  },
  fields: {
    name: '이름',
    email: '이메일',
    company: '회사 · 살롱명',
    title: '제목',
    message: '내용',
  },
  placeholders: {
    name: '홍길동',
    email: 'name@example.com',
    company: '선택 사항',
    title: '문의 제목을 입력해 주세요',
    message: '문의 내용을 자세히 적어 주시면 더 정확하게 답변드릴 수 있어요.',
    partnershipMessage: '제안 내용, 희망 일정, 담당자 연락처를 적어 주세요.',
  },
  optional: '선택',
  counter: '{{count}} / {{max}}',
  consent: '문의 처리를 위해 이름과 이메일을 수집·이용하는 데 동의합니다. (답변 후 3년 보관)',
  fieldErrors: {
    required: '{{field}} 항목은 필수입니다.',
    email: '올바른 이메일 주소를 입력해 주세요.',
    tooShort: '{{min}}자 이상 입력해 주세요.',
    tooLong: '{{max}}자 이하로 입력해 주세요.',
    consent: '개인정보 수집·이용에 동의해 주세요.',
    invalidCharacters: '사용할 수 없는 문자가 포함되어 있습니다. 해당 문자를 지워 주세요.',
  },
  formError: '입력한 내용을 다시 확인해 주세요.',
  submit: '문의 보내기',
  submitting: '보내는 중…',
  success: {
    title: '문의가 접수되었어요',
    body: '접수 번호 {{id}}번으로 등록되었습니다. 입력하신 이메일로 답변을 보내 드릴게요.',
    again: '새 문의 작성',
  },
  failureTitle: '문의를 보내지 못했어요',
};
