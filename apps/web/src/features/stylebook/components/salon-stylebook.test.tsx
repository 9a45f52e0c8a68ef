// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { getGenderHairListByShop } from '@carol/contracts';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/api/query-client';
import { i18n } from '../../../lib/i18n/i18n';
import { useCommonStore } from '../../../lib/stores/common.store';
import { on, stubEndpoints } from '../../../testing/fetch-stub';
import { buildSuccess } from '../../../testing/responses';
import { SalonStylebook } from './salon-stylebook';

/*
 * The salon's Style tab said "choose another style" though nothing was
 * chosen. Each empty state now says why it is empty, in ko, en and ja.
 */

const base = '/find/saloninfo/7/stylebook';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: `${base}/:gender/:type/:style/:substyle`, element: <SalonStylebook shopId={7} /> }],
    { initialEntries: [path] },
  );
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

function answer(counts: { w: number; m: number }) {
  stubEndpoints([
    on(
      getGenderHairListByShop,
      buildSuccess(getGenderHairListByShop, {
        type_list: [],
        gender_counts: counts,
        catalogue_list: [],
        total: 0,
        page: 1,
        has_next: false,
      }),
    ),
  ]);
}

const anotherStyle = {
  ko: '다른 스타일을 골라 보세요.',
  en: 'Try another style.',
  ja: '別のスタイルを選んでみてください。',
} as const;

const cases = {
  ko: {
    empty: '이 살롱은 아직 스타일북 사진이 없어요',
    hint: '디자이너가 스타일 사진을 올리면 여기에 보여요.',
    onlyMen: '이 살롱의 여성 스타일 사진은 아직 없어요',
    seeMen: '남성 스타일 보기',
    noStyle: '이 살롱에는 이 스타일의 사진이 아직 없어요',
    seeAll: '이 살롱의 스타일 전체 보기',
  },
  en: {
    empty: 'This salon has no style book photos yet',
    hint: 'Photos appear here once its designers post their styles.',
    onlyMen: "This salon has no women's style photos yet",
    seeMen: "See men's styles",
    noStyle: 'This salon has no photos of this style yet',
    seeAll: "See all of this salon's styles",
  },
  ja: {
    empty: 'このサロンのスタイルブック写真はまだありません',
    hint: 'デザイナーがスタイル写真を投稿すると、ここに表示されます。',
    onlyMen: 'このサロンのレディーススタイル写真はまだありません',
    seeMen: 'メンズスタイルを見る',
    noStyle: 'このサロンにはこのスタイルの写真がまだありません',
    seeAll: 'このサロンのスタイルをすべて見る',
  },
} as const;

beforeEach(() => {
  useCommonStore.setState({ server: 'kr' });
});

describe.each(['ko', 'en', 'ja'] as const)('the salon Style tab in %s', (language) => {
  const text = cases[language];
  beforeEach(async () => {
    useCommonStore.setState({ language });
    await i18n.changeLanguage(language);
  });

  it('says the salon has no photos yet, without asking to choose another style, when nothing was filtered', async () => {
    answer({ w: 0, m: 0 });
    renderAt(`${base}/w/-1/0/0`);
    expect(
      await screen.findByRole('heading', { name: text.empty }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByText(text.hint)).toBeTruthy();
    expect(screen.queryByText(anotherStyle[language])).toBeNull();
    expect(screen.queryByRole('link', { name: text.seeAll })).toBeNull();
  });

  it("offers the other gender's photos when the salon only has those", async () => {
    answer({ w: 0, m: 4 });
    renderAt(`${base}/w/-1/0/0`);
    expect(
      await screen.findByRole('heading', { name: text.onlyMen }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: text.seeMen }).getAttribute('href')).toBe(
      `${base}/m/-1/0/0`,
    );
    expect(screen.queryByText(anotherStyle[language])).toBeNull();
  });

  it('says no photo matches the chosen style, with a way back to all of them', async () => {
    answer({ w: 6, m: 2 });
    renderAt(`${base}/w/3/0/0`);
    expect(
      await screen.findByRole('heading', { name: text.noStyle }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: text.seeAll }).getAttribute('href')).toBe(
      `${base}/w/-1/0/0`,
    );
  });
});
