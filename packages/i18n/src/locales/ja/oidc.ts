import type { oidc as ko } from '../ko/oidc.js';

export const oidc: typeof ko = {
  continueWith: {
    google: 'Googleで続ける',
    apple: 'Appleで続ける',
    line: 'LINEで続ける',
    kakao: 'Kakaoで続ける',
  },
  divider: 'または',
  providers: {
    google: 'Google',
    apple: 'Apple',
    line: 'LINE',
    kakao: 'Kakao',
    oidc: '外部アカウント',
  },
  action: {
    title: 'ログイン処理中',
    working: 'ログインを完了しています…',
  },
  linked: {
    title: '連携アカウント',
    description: '連携したLINE・Kakao・Google・Appleアカウントでもログインできます。',
    connect: '連携する',
    disconnect: '解除',
    notLinked: '未連携',
    connected: '{{provider}}アカウントを連携しました。',
    disconnected: '{{provider}}アカウントの連携を解除しました。',
  },
  welcome: 'ログインしました。',
};
