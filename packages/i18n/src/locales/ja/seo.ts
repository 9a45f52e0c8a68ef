import type { seo as ko } from '../ko/seo.js';

export const seo: typeof ko = {
  siteName: 'Carol',
  locale: 'ja_JP',
  salon: {
    title: '{{name}}・{{area}}のヘアサロン',
    description:
      '{{area}}のヘアサロン「{{name}}」。メニューと料金、スタイル写真を見てCarolでそのまま予約できます。',
    rated: '評価{{rating}}・口コミ{{count}}件。',
  },
  designer: {
    title: '{{name}}・{{salon}}',
    description: '{{salon}}のスタイリスト、{{name}}。得意なスタイルを見てCarolで予約できます。',
  },
  style: {
    title: '{{style}}のヘアスタイル',
    description: '{{style}}のスタイル写真を見て、このスタイルが得意なサロンをCarolで探せます。',
  },
  pages: {
    default:
      'Carol — あなただけのスマートAIビューティーソリューション。サロン検索、スタイルブック、ヘアの試着と予約。',
    home: 'Carol — あなただけのスマートAIビューティーソリューション。サロン検索、スタイルブック、ヘアの試着と予約。',
    findList: '近くのヘアサロンを評価、口コミ、距離、料金で比べて予約できます。',
    findMap: '地図で近くのヘアサロンを探せます。',
    findLocation: 'エリアを選んで、その街のヘアサロンを探せます。',
    findName: 'サロン名やスタイリスト名でヘアサロンを探せます。',
    salonInfo: 'サロンの営業時間、メニューと料金、スタイル写真と口コミを確認できます。',
    designerInfo: 'スタイリストの紹介、得意なスタイル、所属サロンを確認できます。',
    stylebookStyle: '長さとスタイル別のヘアカタログ。気に入ったスタイルが得意なサロンを探せます。',
    simulation: '写真1枚でヘアカラーとスタイルを試せます。',
    company: 'Carolの会社情報。',
    terms: 'Carolの利用規約。',
    privacy: 'Carolのプライバシーポリシー。',
    inquiry: 'Carolへのお問い合わせ。',
    partnership: 'Carolのサロンパートナーを募集しています。',
  },
};
