/** Google / Apple / LINE / Kakao sign-in (OpenID Connect) and linked accounts in settings. */
export const oidc = {
  continueWith: {
    google: 'Google로 계속하기',
    apple: 'Apple로 계속하기',
    line: 'LINE으로 계속하기',
    kakao: '카카오로 계속하기',
  },
  divider: '또는',
  providers: {
    google: 'Google',
    apple: 'Apple',
    line: 'LINE',
    kakao: '카카오',
    oidc: '외부 계정',
  },
  action: {
    title: '로그인 처리 중',
    working: '로그인을 마무리하고 있어요…',
  },
  linked: {
    title: '연결된 계정',
    description: '연결한 카카오·LINE·Google·Apple 계정으로도 로그인할 수 있어요.',
    connect: '연결',
    disconnect: '해제',
    notLinked: '연결되지 않음',
    connected: '{{provider}} 계정을 연결했어요.',
    disconnected: '{{provider}} 계정 연결을 해제했어요.',
  },
  welcome: '로그인되었어요.',
};
