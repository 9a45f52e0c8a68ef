/**
 * Every screen of spec section 2: its title, and for screens whose data arrives in later work,
 * an honest description of what the screen will hold.
 */
export const screens = {
  home: { title: '홈' },
  login: {
    title: '로그인',
    heading: '캐롤에 오신 것을 환영해요',
    description: '이메일, 휴대폰 번호, Google 또는 Apple 계정으로 로그인할 수 있는 화면입니다.',
  },
  registerUser: {
    title: '회원가입',
    heading: '캐롤 회원가입',
    description: '이메일 또는 외부 계정으로 가입하고 약관 동의를 진행하는 화면입니다.',
  },
  registerUserByEmail: {
    title: '이메일로 가입',
    heading: '이메일로 가입하기',
    description: '{{email}} 주소로 가입 정보를 입력하고 인증 메일을 받는 화면입니다.',
  },
  registerUserAfterEmail: {
    title: '이메일 인증',
    heading: '이메일 인증 확인',
    description: '인증 메일의 링크로 가입을 마무리하는 화면입니다.',
  },
  phoneLogin: {
    title: '휴대폰 번호 로그인',
    heading: '휴대폰 번호로 로그인',
    description:
      '휴대폰으로 받은 인증번호를 입력해 간편하게 로그인하는 화면입니다. 2024년 이전 스마트 미러로 가입한 회원이 이용할 수 있어요.',
  },
  findPassword: {
    title: '비밀번호 찾기',
    heading: '비밀번호를 잊으셨나요?',
    description: '가입한 이메일 주소로 비밀번호 재설정 메일을 보내는 화면입니다.',
  },
  resetPassword: {
    title: '비밀번호 재설정',
    heading: '새 비밀번호 설정',
    description: '{{email}} 계정의 새 비밀번호를 설정하는 화면입니다.',
  },
  findPasswordAfterEmail: {
    title: '비밀번호 재설정',
    heading: '메일 링크 확인',
    description: '재설정 메일의 링크를 확인하고 새 비밀번호를 입력하는 화면입니다.',
  },
  findPasswordAfter: {
    title: '메일 발송 완료',
    heading: '재설정 메일을 보냈어요',
    description:
      '메일함에서 비밀번호 재설정 링크를 확인해 주세요. 메일이 보이지 않으면 스팸함도 확인해 주세요.',
  },
  loginAction: {
    title: '로그인 처리 중',
    heading: '로그인을 처리하고 있어요',
    description: '외부 계정 로그인 결과를 확인한 뒤 이전 화면으로 이동합니다.',
  },
  signUpAgreement: {
    title: '약관 동의',
  },
  signUpWelcome: {
    title: '가입 완료',
  },
  stylebookStyle: {
    title: '스타일북',
    heading: '헤어 카탈로그',
    description:
      '성별, 길이, 스타일별로 정리된 헤어 카탈로그가 이곳에 표시됩니다. 마음에 드는 스타일은 즐겨찾기에 담을 수 있어요.',
    women: '여자',
    men: '남자',
    genderLabel: '성별',
    lengthLabel: '길이',
    all: '전체',
    shopLink: '이 스타일을 하는 살롱',
  },
  stylebookShop: {
    title: '스타일 살롱',
    heading: '이 스타일을 잘하는 살롱',
    description: '선택한 스타일을 시술하는 살롱 목록이 이곳에 표시됩니다.',
  },
  simulation: {
    title: '가상체험',
  },
  reminderLink: {
    title: '예약 알림',
  },
  notFound: {
    title: '페이지 없음',
    heading: '페이지를 찾을 수 없어요',
    description: '주소가 바뀌었거나 삭제된 페이지일 수 있어요. 입력한 주소를 다시 확인해 주세요.',
  },
  findList: {
    title: '살롱 찾기',
    heading: '살롱 목록',
    description:
      '키워드나 지역으로 찾은 살롱이 리뷰 수, 평점, 거리순 등으로 정렬되어 이곳에 표시됩니다.',
    searchPlaceholder: '살롱, 디자이너, 지역 검색',
    listView: '목록',
    mapView: '지도',
    byLocation: '지역으로 찾기',
    byName: '이름으로 찾기',
  },
  salonInfo: {
    title: '살롱 정보',
    heading: '살롱 상세',
    description: '영업시간, 휴무일, 주소, 소개와 메뉴 등 살롱 정보가 이곳에 표시됩니다.',
    tabs: {
      home: '홈',
      stylebook: '스타일',
      menu: '메뉴',
      notice: '공지',
    },
    images: '사진 전체 보기',
    book: '예약하기',
  },
  salonStylebook: {
    title: '살롱 스타일',
    heading: '이 살롱의 스타일',
    description: '살롱에서 등록한 스타일 사진이 성별과 길이별로 이곳에 표시됩니다.',
  },
  salonMenu: {
    title: '메뉴',
    heading: '시술 메뉴와 가격',
    description: '컷, 펌, 컬러 등 시술 메뉴와 기본 가격이 이곳에 표시됩니다.',
  },
  salonNotice: {
    title: '공지',
    heading: '살롱 소식',
    description: '살롱에서 올린 새 소식, 업데이트, 쿠폰 안내가 이곳에 표시됩니다.',
  },
  salonImages: {
    title: '살롱 사진',
    heading: '살롱 사진',
    description: '살롱 내부와 시술 사진을 크게 넘겨 보는 화면입니다.',
  },
  designerInfo: {
    title: '디자이너',
    heading: '디자이너 소개',
    description: '디자이너의 소개, 대표 스타일, 소속 살롱이 이곳에 표시됩니다.',
  },
  findLocation: {
    title: '지역으로 찾기',
    heading: '지역 선택',
    description:
      '시·도와 구·군을 골라 해당 지역의 살롱을 찾는 화면입니다. 최근 검색어는 최대 5개까지 저장돼요.',
  },
  findName: {
    title: '이름으로 찾기',
    heading: '살롱 · 디자이너 검색',
    description:
      '살롱이나 디자이너 이름으로 검색하는 화면입니다. 최근 검색어는 최대 5개까지 저장되고 한 번에 지울 수 있어요.',
  },
  findMap: {
    title: '지도',
    heading: '지도에서 찾기',
    description:
      '지도에서 주변 살롱을 보고, 지도를 옮긴 뒤 "이 지역 재검색"으로 다시 찾는 화면입니다.',
  },
  mypage: {
    title: '마이페이지',
  },
  myPhotoIndex: {
    title: '스타일링 기록',
    heading: '살롱별 스타일링 기록',
    description: '방문한 살롱별 마지막 방문일과 살롱 소식이 이곳에 표시됩니다.',
  },
  visitShop: {
    title: '방문한 살롱',
    heading: '방문한 살롱',
    description: '지금까지 방문한 살롱 목록이 이곳에 표시됩니다.',
  },
  myFavorite: {
    title: '즐겨찾기',
    heading: '즐겨찾기',
    description: '저장한 스타일, 디자이너, 살롱이 이곳에 모입니다.',
    tabs: {
      style: '스타일',
      designer: '디자이너',
      shop: '살롱',
    },
  },
  historyScalp: {
    title: '두피 진단 기록',
    heading: '두피 진단 기록',
    description: '살롱에서 받은 두피 진단 결과가 날짜별로 이곳에 표시됩니다.',
  },
  mirror: { title: '스마트 미러' },
  qrScanner: {
    title: 'QR 코드 스캔',
    heading: 'QR 코드로 연결하기',
    description:
      '살롱의 스마트 미러에 표시된 QR 코드를 카메라로 스캔해 로그인하거나 데이터를 연동하는 화면입니다.',
  },
  myPhoto: {
    title: '스타일링 사진',
    heading: '스타일링 사진',
    description: '살롱에서 남긴 사진과 영상, 나와 살롱의 메모가 이곳에 표시됩니다.',
    pickDate: '날짜 선택',
  },
  myPhotoDatepicker: {
    title: '날짜 선택',
    heading: '기간 선택',
    description: '시작일과 종료일을 모두 고르면 해당 기간의 기록만 볼 수 있어요.',
  },
  myGallery: {
    title: '갤러리',
  },
  setting: {
    title: '설정',
    heading: '계정 설정',
    description: '이름, 이메일, 비밀번호, 휴대폰 번호를 관리하세요.',
    usageStats: {
      title: '사용 통계',
      label: '익명 사용 통계 보내기',
      description:
        '어떤 화면을 보았는지와 예약을 어느 단계까지 진행했는지만 보내요. 이름, 휴대폰 번호, 이메일은 보내지 않아요. 이 선택은 지금 쓰는 브라우저에 저장됩니다.',
    },
    items: {
      changeName: '이름 변경',
      changeEmail: '이메일 변경',
      createPassword: '비밀번호 만들기',
      changePassword: '비밀번호 변경',
      createTel: '휴대폰 번호 등록',
      changeTel: '휴대폰 번호 변경',
      deleteAccount: '회원 탈퇴',
    },
  },
  changeName: {
    title: '이름 변경',
    heading: '이름 변경',
    description: '성과 이름을 바꾸는 화면입니다.',
  },
  changeEmail: {
    title: '이메일 변경',
    heading: '이메일 변경',
    description: '새 이메일 주소를 입력하면 인증 메일을 보내 드려요.',
  },
  changeEmailSend: {
    title: '인증 메일 발송',
    heading: '인증 메일을 보냈어요',
    description: '새 이메일 주소로 보낸 메일의 링크를 누르면 변경이 완료됩니다.',
  },
  changeEmailSendAfter: {
    title: '이메일 변경 완료',
    heading: '이메일 변경 확인',
    description: '인증 메일의 링크를 확인하고 이메일 변경을 마무리하는 화면입니다.',
  },
  createPassword: {
    title: '비밀번호 만들기',
    heading: '비밀번호 만들기',
    description: '외부 계정으로 가입한 회원이 이메일 로그인용 비밀번호를 만드는 화면입니다.',
  },
  changePassword: {
    title: '비밀번호 변경',
    heading: '비밀번호 변경',
    description:
      '영문 대·소문자, 숫자, 특수문자(- _ !)를 포함한 8~12자의 새 비밀번호로 바꾸는 화면입니다.',
  },
  changePasswordAfter: {
    title: '비밀번호 변경 완료',
    heading: '비밀번호를 변경했어요',
    description: '보안을 위해 새 비밀번호로 다시 로그인해 주세요.',
  },
  createTel: {
    title: '휴대폰 번호 등록',
    heading: '휴대폰 번호 등록',
    description:
      '예약, QR 로그인, 데이터 연동에 필요한 휴대폰 번호를 인증하고 등록하는 화면입니다.',
  },
  changeTel: {
    title: '휴대폰 번호 변경',
    heading: '휴대폰 번호 변경',
    description: '새 휴대폰 번호로 인증번호를 받아 변경하는 화면입니다.',
  },
  deleteAccount: {
    title: '회원 탈퇴',
    heading: '회원 탈퇴',
    description: '탈퇴 사유 선택, 유의사항 동의, 확인 문구 입력 후 탈퇴를 진행하는 화면입니다.',
  },
  reservationHistory: {
    title: '예약 내역',
    heading: '예약 내역',
    description: '최근 2년간의 예약이 예약 완료, 취소 완료, 방문 완료로 나뉘어 이곳에 표시됩니다.',
    tabs: {
      done: '예약 완료',
      cancel: '취소 완료',
      visit: '방문 완료',
    },
  },
  reservationDetail: {
    title: '예약 상세',
    heading: '예약 상세',
    description: '예약 번호, 일시, 메뉴, 디자이너, 결제 금액과 취소 버튼이 이곳에 표시됩니다.',
  },
  reservationChange: {
    title: '예약 변경',
    heading: '예약 시간 변경',
    description: '같은 시술로 새 날짜, 디자이너, 시간을 고르고 변경 내용을 확인한 뒤 확정합니다.',
  },
  reservationFirst: {
    title: '날짜 · 시간 선택',
    heading: '언제 방문하시겠어요?',
    description: '살롱의 휴무일을 제외한 날짜와 예약 가능한 시간을 고르는 단계입니다.',
  },
  reservationSecond: {
    title: '디자이너 · 메뉴 선택',
    heading: '디자이너와 시술을 골라 주세요',
    description: '디자이너와 시술 메뉴를 고르면 예상 금액이 합산되는 단계입니다.',
  },
  reservationCheck: {
    title: '예약 확인',
    heading: '예약 정보를 확인해 주세요',
    description:
      '예약자 이름, 연락처, 요청 사항을 입력하고 필수 동의 후 예약을 완료하는 단계입니다.',
  },
  reservationSteps: {
    label: '예약 단계',
    first: '일시',
    second: '디자이너 · 메뉴',
    check: '확인',
  },
  company: { title: '회사 소개' },
  terms: { title: '이용약관' },
  privacy: { title: '개인정보처리방침' },
  inquiry: { title: '고객 문의' },
  partnership: { title: '광고·제휴 문의' },
};
